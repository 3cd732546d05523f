"""The teacher's grader (`agentloop-grade`): nbgrader's course layout and gradebook, with
answer cells run in a sandboxed process and judged here, never in the learner's kernel.

Stages, one module each:

- `course`     where things live; chapter names
- `release`    chapters/ → source/ → release/ with nbgrader (records the gradebook)
- `collect`    LMS downloads (folders, zips, odd names) → submitted/<student>/<assignment>/
- `notebooks`  the source's grading spec; a submission's answer cells
- `judging`    cases (parent side), the sandbox job, and judging what came back
- `sandbox`    the child process: isolation, limits, run cells and probes, JSON lines out
- `supervisor` start/watch/kill the child, parse its channel, rerun without the culprit
- `records`    gradebook rows and autograded notebooks (single writer)
- `late`       late-submission penalties with nbgrader's configured plugin
- `report`     the per-run report
- `autograde`  the pipeline over a class (threads or Dask)
- `feedback`, `export`, `cli`

Not imported by `import agentloop`; it needs nbgrader (the `dev` extra).
"""
