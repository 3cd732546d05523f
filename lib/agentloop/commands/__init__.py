"""Subcommands of `agentloop`: one module a chapter, each with `register(subparsers)`."""
