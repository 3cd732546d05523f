"""Report: what a run and a class did, for the teacher.

    run.py          the run report: one row per student, every problem named (JSON, .md)
    classreport.py  the class report: what the class got wrong, from the gradebook and
                    the run reports
    overview.py     every student's scores over every assignment
    pages.py        those two as self-contained HTML pages (figures from plots.py)
    files.py        where they are written, by the commands that make them
"""
