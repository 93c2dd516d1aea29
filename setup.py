"""pip's build of the project (``pip install .``, the last line of requirements.txt): only the compiled rules
and AI (``tools/build_ai.py``) and the package that loads them (``tools/tractor_compiled``); the program itself
runs from its folder. The build requirements are pinned in pyproject.toml."""

import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))
from build_ai import PACKAGE, BuildCompiled, CompiledDistribution

setup(distclass=CompiledDistribution, cmdclass={"build_ext": BuildCompiled}, packages=[PACKAGE],
      package_dir={PACKAGE: f"tools/{PACKAGE}"}, py_modules=[])
