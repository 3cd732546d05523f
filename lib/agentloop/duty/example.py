"""Chapter 5: the example office — examples/my_agent as data, so it goes wherever the library does.

The chapter, its widget and its checks need the example board and its workspaces in places
that have no copy of this repository (the zero-install site runs the library from a wheel;
the grader's sandbox sees only the library). `write_office(folder)` writes the same tree:

    folder/my_agent/
      agent.json, stop_policy.json        the ambiguous pair (the trap): query "equipment"
      board/task-001.md … task-013.md     the task board; task-012.md is Windows-1251, so
                                          no search of this board can rule it out
      fixed_board/…                       the same board after task-012.md was saved again
                                          as UTF-8: nothing on it goes unread
      routes/<route>/agent.json, …        one workspace a route, board "../../board" (or
                                          "../../fixed_board")

A test keeps this copy and examples/my_agent byte for byte the same (README.md aside).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from agentloop.i18n import t

WORKSPACE = "my_agent"
BOARD = "board"
FIXED_BOARD = "fixed_board"             # the board once task-012.md is saved as UTF-8
ENCODINGS = {"task-012.md": "cp1251"}   # saved by another program: not UTF-8

CARDS = {
    "task-001.md": "---\nid: task-001\ntitle: Book the assembly hall for the open day\n"
                   "group: events\nstatus: done\nblocked_by: \n---\n"
                   "Booked for Saturday, 10:00 to 16:00. The key is at the front desk.\n",
    "task-002.md": "---\nid: task-002\ntitle: Order cables and power strips\ngroup: lab\n"
                   "status: in_progress\nblocked_by: \n---\n"
                   "Twelve power strips and the long HDMI cables; the order went out on "
                   "Monday.\n",
    "task-003-copy.md": "---\nid: task-003-copy\ntitle: Equipment for the test benches\n"
                        "group: lab\nstatus: todo\nblocked_by: \n---\n"
                        "Split off task-003 by Mark. Three benches need power and a network "
                        "switch.\n",
    "task-003.md": "---\nid: task-003\ntitle: Equipment for the hall\ngroup: lab\n"
                   "status: blocked\nblocked_by: task-002\n---\n"
                   "Screens and speakers for the assembly hall. Mark split the test benches "
                   "out into their own card in a hurry: see task-003-copy.\n",
    "task-004.md": "---\nid: task-004\ntitle: Print the open day posters\ngroup: design\n"
                   "status: todo\nblocked_by: \n---\n"
                   "A2, twenty copies. The files are in the design group's folder.\n",
    "task-005.md": "---\nid: task-005\ntitle: Write the visitors' guide\ngroup: design\n"
                   "status: in_progress\nblocked_by: \n---\n"
                   "Two pages: the map of the building and the timetable of the demos.\n",
    "task-006.md": "---\nid: task-006\ntitle: Sign up volunteers for the front desk\n"
                   "group: events\nstatus: todo\nblocked_by: \n---\nFour people, two shifts.\n",
    "task-007.md": "---\nid: task-007\ntitle: Projector for the lecture room\ngroup: lab\n"
                   "status: wip\nblocked_by: task-099\n---\n"
                   "Borrowed from the school next door? Ask Anya.\n",
    "task-008.md": "---\nid: task-008\ntitle: Approve the open day budget\ngroup: admin\n"
                   "status: done\nblocked_by: \n---\nApproved by the director.\n",
    "task-009.md": "---\nid: task-009\ntitle: Order badges for the guests\ngroup: admin\n"
                   "status: blocked\nblocked_by: task-004\n---\nSame design as the posters.\n",
    "task-010.md": "---\nid: task-010\ntitle: Prepare the demo on the test benches\n"
                   "group: lab\nstatus: blocked\nblocked_by: task-003-copy\n---\n"
                   "Needs the benches powered first.\n",
    "task-011.md": "---\nid: task-011\ntitle: Photograph the open day\ngroup: events\n"
                   "status: todo\nblocked_by: \n---\n\n",
    "task-012.md": "---\nid: task-012\ntitle: Пригласить гостей\ngroup: admin\nstatus: todo\n"
                   "blocked_by:\n---\nСохранено в Windows-1251.\n",
    "task-013.md": "---\nid: task-013\ntitle: Send the thank-you letters\ngroup: admin\n"
                   "status: todo\nblocked_by: task-011\n---\nAfter the photos are chosen.\n",
}

_FULL = {"page_size": 5, "tools": ["read_task_cards", "validate_task_card", "draft_summary"],
         "guards": ["repeated", "tokens=4000"],
         "contract": ["id", "title", "status", "blocked_by"],
         "save": "out/answer.md", "state": "out/state.json", "trace": "out/trace.jsonl"}
_EQUIPMENT = {"goal": "Tell Anya where the equipment task stands", "query": "equipment"}
_POSTERS = {"goal": "Tell Anya whether the open day posters are printed", "query": "posters"}
_ROUTE_BOARD = {"board": "../../board"}
_FIXED = {"board": f"../../{FIXED_BOARD}"}
_POLICY = {"max_steps": 5, "max_retries": 1}

# route -> (folder inside my_agent/, agent.json in its order, stop_policy.json)
ROUTES: dict[str, tuple[str, dict[str, Any], dict[str, int]]] = {
    "my_agent": (".", {**_EQUIPMENT, "board": BOARD, **_FULL, "model": "replay"},
                 {"max_steps": 5, "max_retries": 1}),
    "one_match": ("routes/one_match", {**_POSTERS, **_FIXED, **_FULL}, _POLICY),
    "unreadable_card": ("routes/unreadable_card", {**_POSTERS, **_ROUTE_BOARD, **_FULL},
                        _POLICY),
    "no_matches": ("routes/no_matches",
                   {"goal": "Tell Anya who orders the catering", "query": "catering",
                    **_ROUTE_BOARD, **_FULL}, {"max_steps": 5, "max_retries": 1}),
    "broken_card": ("routes/broken_card",
                    {"goal": "Tell Anya whether the projector for the lecture room is coming",
                     "query": "projector", **_ROUTE_BOARD, **_FULL},
                    {"max_steps": 5, "max_retries": 1}),
    "missing_board": ("routes/missing_board", {**_EQUIPMENT, "board": "../../archive", **_FULL},
                      {"max_steps": 5, "max_retries": 1}),
    "limit": ("routes/limit", {**_EQUIPMENT, **_ROUTE_BOARD, **_FULL, "page_size": 2},
              {"max_steps": 5, "max_retries": 1}),
    "limit2": ("routes/limit2", {**_EQUIPMENT, **_ROUTE_BOARD, **_FULL},
               {"max_steps": 2, "max_retries": 1}),
    "tokens": ("routes/tokens", {**_POSTERS, **_ROUTE_BOARD, **_FULL,
                                 "guards": ["repeated", "tokens=1000"]},
               {"max_steps": 5, "max_retries": 1}),
    "bare": ("routes/bare", {**_POSTERS, **_FIXED}, {"max_steps": 5, "max_retries": 1}),
    # chapter 1's temporary_error: the first call fails, the retry reads the one page
    "temporary_error": ("routes/temporary_error",
                        {**_POSTERS, **_FIXED, **_FULL, "page_size": 14, "faults": [1]},
                        _POLICY),
    # four pages read, the fifth read fails: a retry is allowed, but no step is left
    "last_step_failure": ("routes/last_step_failure",
                          {**_EQUIPMENT, **_ROUTE_BOARD, **_FULL, "page_size": 2,
                           "faults": [5]}, _POLICY),
    # exercise 4's rule, in the command line: a similar id makes the officer ask
    "similar_ids": ("routes/similar_ids",
                    {"goal": "Tell Anya where the equipment task stands", "query": "task-003",
                     **_ROUTE_BOARD, **_FULL, "ask_when": ["similar_ids"]}, _POLICY),
}


def card_bytes(name: str) -> bytes:
    """One card file of the example board, as it is stored on disk."""
    return CARDS[name].encode(ENCODINGS.get(name, "utf-8"))


def office_files() -> dict[str, bytes]:
    """Every file of my_agent/ (paths relative to it, '/' separated) and its bytes."""
    files = {f"{BOARD}/{name}": card_bytes(name) for name in CARDS}
    files.update({f"{FIXED_BOARD}/{name}": CARDS[name].encode("utf-8") for name in CARDS})
    for folder, agent, policy in ROUTES.values():
        prefix = "" if folder == "." else f"{folder}/"
        files[f"{prefix}agent.json"] = _agent_json(agent).encode("utf-8")
        files[f"{prefix}stop_policy.json"] = (json.dumps(policy) + "\n").encode("utf-8")
    return files


def write_office(folder: str | Path) -> Path:
    """Write the example workspace as `folder/my_agent/` and return that path.

    Files already there are overwritten; anything else in the folder (an out/ of an earlier
    run) is left alone."""
    root = Path(folder) / WORKSPACE
    for relative, data in office_files().items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return root


def route_folder(route: str) -> str:
    """The route's folder inside my_agent/ ('.' for the workspace itself)."""
    if route not in ROUTES:
        raise ValueError(t("route must be one of {routes}, got {route}",
                           routes=", ".join(ROUTES), route=repr(route)))
    return ROUTES[route][0]


def _agent_json(fields: dict[str, Any]) -> str:
    """agent.json as the examples write it: one field a line, lists on one line."""
    lines = [f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
             for key, value in fields.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"
