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
c.Exchange.root = os.path.join(HERE, "course", "exchange")

# Stock generate_feedback copies hidden test code into the HTML; strip it.
c.GenerateFeedback.preprocessors = [GetGrades, ClearHiddenTests, CSSHTMLHeaderPreprocessor]
c.ClearHiddenTests.enforce_metadata = False

# If you grade with stock `nbgrader autograde` instead of `agentloop-grade autograde`,
# at least bound the time and output of each cell (it still runs in the student's kernel).
c.ExecutePreprocessor.timeout = 30
c.LimitOutput.max_lines = 1000
c.LimitOutput.max_traceback = 100
