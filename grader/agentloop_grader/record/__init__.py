"""Record: what a student's scores leave behind, written by the grading process alone.

    gradebook.py  nbgrader's gradebook, one student per transaction (stock's SaveAutoGrades)
    late.py       late penalties, by the course's nbgrader plugin (AssignLatePenalties)
    notebook.py   the autograded notebook formgrader shows
    folder.py     the student's autograded/ folder, as stock leaves it
"""
