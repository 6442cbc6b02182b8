"""Maps the source folders `engine/` and `app/` to `hexwright.engine` and `hexwright.app`.

Everything else about the package lives in pyproject.toml; this file only lists the
sub-packages under their installed names, which pyproject.toml alone cannot compute.
"""

from setuptools import find_packages, setup

packages = ["hexwright.resources", "hexwright.docs"]  # docs/: the guides Help opens (app/editor/help.py)
for top in ("engine", "app"):
    packages += ["hexwright." + name for name in find_packages(include=[top, top + ".*"])]

setup(
    packages=packages,
    package_dir={"hexwright.engine": "engine", "hexwright.app": "app", "hexwright.resources": "resources",
                 "hexwright.docs": "docs"},
)
