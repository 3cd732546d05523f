"""Read: what grading trusts, and what a student handed in.

    assignment.py  source/<assignment>/: its notebooks, files and checks (Assignment)
    released.py    what the gradebook recorded of each graded cell at release
    submission.py  submitted/<student>/<assignment>/: each notebook found and read, as
                   handed in (sanitise/ makes it gradable)
"""
