import sys

from agentloop.cli import main

sys.exit(main())
