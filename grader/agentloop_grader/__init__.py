"""The teacher's grader (`agentloop-grade`): nbgrader's course layout and gradebook, with
answer cells run in a sandboxed process and judged here, never in the learner's kernel.

Autograding is a pipeline, one folder per stage (autograde.py runs it):

    read/      the assignment (source notebooks, checks, what the gradebook recorded at
               release) and each student's folder, as handed in
    sanitise/  each notebook made gradable: nbgrader's sanitize_preprocessors, one each
    run/       each notebook in the sandbox, in parallel on warm workers (sandbox/ is the
               sandbox's own side, isolation/ what confines it; protocol.py what crosses)
    judge/     each graded cell scored in this process, from plain data
    record/    the gradebook, late penalties, autograded notebooks and folders
    report/    the run report, the class report, the course overview

Around it: `course` and `config` (where things live, the teacher's nbgrader_config.py),
`release` (source/ → release/ with nbgrader), `collect` (LMS downloads, exchange and
submitted/ folders → submitted/), `feedback`, `export/` (grades out: CSV, Canvas, Moodle),
`learner_release` (the self-study release), `secret` (the course's seed), `cli`.

Not imported by `import agentloop`; it needs nbgrader (the `dev` extra).
"""
