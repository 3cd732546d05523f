"""Subcommands of `agentloop`: one module a chapter, each with `register(subparsers)`.

`agentloop.cli.COMMANDS` lists them; `shared` adds the two commands two chapters share
(`run`, `replay`) and picks the chapter's handler; `_options` is not a command."""
