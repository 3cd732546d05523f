"""Collect, Moodle: its download names, and what they say.

    Jane Doe_31_assignsubmission_file_part1.ipynb  participant 31
    Jane Doe_31_assignsubmission_file/part1.ipynb  "download in folders"
    Participant_31_assignsubmission_file_…         blind marking

(mod/assign download_submissions: fullname, "_", the assignment's participant id
(assign_user_mapping: one number per student per assignment), "_", the plugin.) The
student id is the participant number, as in Moodle's grading worksheet.
"""

from __future__ import annotations

import re

from .lms import LmsName, Platform

NAME = re.compile(r"^(?P<person>.+?)_(?P<student>\d+)_(?:assignsubmission_|assign_)?"
                  r"(?P<plugin>file|onlinetext)(?:_(?P<rest>.*))?$")
BLIND = "Participant"
# A Moodle name around a notebook the student renamed: the prefix names the student.
PREFIX = re.compile(r"^(?P<who>.+?_\d+)_(?:assignsubmission_file|onlinetext)_+(?P<rest>.+)$",
                    re.I)


def parse(stem: str, ext: str) -> LmsName | None:
    """Moodle's reading of a name (`stem` + `ext`), or None when Moodle did not make it."""
    found = NAME.match(stem)
    if not found:
        return None
    person = "" if found["person"].startswith(BLIND) else found["person"]
    return LmsName(Platform.MOODLE, found["student"], person,
                   (found["rest"] or "") + ext if found["rest"] else "")
