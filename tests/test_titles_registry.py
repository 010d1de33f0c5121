"""The title registry: every listed title loads from its own package, its player counts agree
with its data file, and an unknown or planned title is refused in one line."""
import pytest

from pbem.engine.rules import Rules
from pbem.titles import PLANNED, REGISTRY, UnknownTitle, data_path, load_title, title_data
from pbem.titles.registry import package_dir


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_a_registered_title_loads_from_its_package(name):
    entry = REGISTRY[name]
    rules = load_title(name)
    assert isinstance(rules, Rules) and rules.name == name
    assert type(rules).__module__ == f"{entry.package}.rules"
    assert rules.data is title_data(name) and rules.data["title"] == name


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_a_title_holds_its_own_data_file(name):
    """The data file the registry declares is in the title's package, and is what the rules read."""
    import json

    entry = REGISTRY[name]
    path = data_path(name)
    assert path.parent == package_dir(entry) and path.name == entry.data
    assert json.loads(path.read_text(encoding="utf-8")) == load_title(name).data


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_player_counts_agree_with_the_data_file(name):
    counts = sorted(int(n) for n in title_data(name)["starting_cash"])
    assert REGISTRY[name].players == (counts[0], counts[-1]) == load_title(name).player_counts


def test_unknown_and_planned_titles_are_refused_in_one_line():
    with pytest.raises(UnknownTitle) as e:
        load_title("1899")
    assert "\n" not in str(e.value) and "1882" in str(e.value) and PLANNED[-1] in str(e.value)
    with pytest.raises(UnknownTitle, match="1874 is planned but not available yet"):
        load_title("1874")
    with pytest.raises(UnknownTitle):
        title_data("../1882")
