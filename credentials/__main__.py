"""``python -m credentials verify …``: the command-line verifier (credentials/cli.py)."""

import sys

from .cli import main

sys.exit(main())
