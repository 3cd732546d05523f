"""Report: what a run and a class did, for the teacher.

    run.py          the run report: one row per student, every problem named (JSON, .md)
    classreport.py  the class report: what the class got wrong, from the gradebook and
                    the run reports, gathered by its parts:
      run_reports.py    an assignment's run reports; what went wrong in a run
      gradebook.py      the gradebook's names and scores
      labels.py         cells named as a teacher reads them
      failures.py       a cell's failures over the class, grouped by rule and reason
      figures.py        mean, median, spread, histogram
    overview.py     every student's scores over every assignment
    pages.py        those two as self-contained HTML pages (figures from plots.py)
    files.py        where they are written, by the commands that make them
"""
