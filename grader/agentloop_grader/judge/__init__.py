"""Judge: each graded cell's score, worked out in the grader's own process from what the
sandbox sent back (plain data only).

    cases.py     the cases of every check, drawn once for the whole class (CaseBook)
    notebook.py  every graded cell of one notebook: test cells and manual answers by
                 stock's rules, check cells by checks.py
    checks.py    a check cell, from its probes' plain data
    scores.py    what a cell's score is (CellScore)
"""
