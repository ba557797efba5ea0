"""``python -m rules_engine judge|validate|frame|bench`` (see rules_engine/cli.py)."""

import sys

from rules_engine.cli import main

sys.exit(main())
