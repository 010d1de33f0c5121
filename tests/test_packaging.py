"""The grammar and templates are found wherever pbem runs from (installed or a checkout)."""
from pbem.resources import data_dir


def test_grammar_and_templates_are_found():
    grammar = data_dir("grammar")
    assert (grammar / "pbem.lark").is_file() and (grammar / "1882.lark").is_file()
    templates = data_dir("templates")
    assert {p.name for p in templates.glob("report.*.j2")} >= {"report.txt.j2", "report.html.j2", "report.md.j2"}


def test_title_data_ships_with_the_package():
    from pbem.titles import load_title

    title = load_title("1882")
    assert title.data["title"] == "1882" and "57" in title.catalogue
