"""`python -m throne_rules ...` is `throne-rules ...`."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
