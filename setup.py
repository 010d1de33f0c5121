"""Build hook: ship the top-level grammar/ and templates/ folders inside the package.

They live at the top of the repository (as the design card asks) but an installed,
non-editable package must still find them, so build_py copies them to pbem/_data/.
"""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithData(build_py):
    def run(self):
        super().run()
        for name in ("grammar", "templates"):
            src = ROOT / name
            dst = Path(self.build_lib) / "pbem" / "_data" / name
            if src.is_dir():
                if dst.exists():
                    shutil.rmtree(dst)
                shutil.copytree(src, dst)


setup(cmdclass={"build_py": BuildWithData})
