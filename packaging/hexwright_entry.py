"""The bundle's entry point (packaging/build-bundle.sh): the `hexwright` command, editor and all."""

import multiprocessing
import sys

from hexwright.app.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the balance lab's worker processes start from the bundle too
    sys.exit(main())
