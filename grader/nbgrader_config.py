"""nbgrader settings for the agentloop course (run nbgrader commands from grader/).

`agentloop-grade` uses the same layout and gradebook, so formgrader, manual grading,
`nbgrader generate_feedback` and `nbgrader export` keep working on what it writes.
"""

import os

from nbconvert.preprocessors import CSSHTMLHeaderPreprocessor
from nbgrader.preprocessors import ClearHiddenTests, GetGrades

c = get_config()  # noqa: F821  (provided by traitlets when this file is loaded)

HERE = os.path.dirname(os.path.abspath(__file__))
c.CourseDirectory.root = os.path.join(HERE, "course")
c.CourseDirectory.db_url = "sqlite:///" + os.path.join(HERE, "course", "gradebook.db")
# nbgrader's commands default to course_id "", which no course row matches: SQLite lets that
# pass, PostgreSQL does not. agentloop-grade uses nbgrader's Gradebook default, so do we.
c.CourseDirectory.course_id = "default_course"
c.Exchange.root = os.path.join(HERE, "course", "exchange")

# Stock generate_feedback copies hidden test code into the HTML; strip it.
c.GenerateFeedback.preprocessors = [GetGrades, ClearHiddenTests, CSSHTMLHeaderPreprocessor]
c.ClearHiddenTests.enforce_metadata = False

# Late submissions: `agentloop-grade autograde` applies the same plugin as stock autograde,
# from this file (or nbgrader_config.py in the course directory). Default: no penalty.
# Set a due date with `agentloop-grade release 01 --due "2026-12-01 17:00:00 UTC"`.
# c.LateSubmissionPlugin.penalty_method = "zero"      # a late notebook scores 0
# c.AssignLatePenalties.plugin_class = "late.SubMarks"  # your own plugin in grader/late.py

# If you grade with stock `nbgrader autograde` instead of `agentloop-grade autograde`,
# at least bound the time and output of each cell (it still runs in the student's kernel).
c.ExecutePreprocessor.timeout = 30
c.LimitOutput.max_lines = 1000
c.LimitOutput.max_traceback = 100
