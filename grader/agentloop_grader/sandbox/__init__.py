"""The sandboxed side of grading: what runs in the child processes, never in the grader."""
