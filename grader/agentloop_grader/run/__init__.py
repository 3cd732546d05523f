"""Run: every job of a class in the sandbox, on warm workers, in parallel; the grader's side
of the protocol (protocol.py). The sandbox's own side is sandbox/, its isolation isolation/.

    jobs.py         a sanitised submission → its jobs, one per notebook, in stock's order
    setup.py        what every worker gets first: the assignment's files, imports, views
    workers.py      warm workers (one zygote each) and the pool that runs jobs on them
    supervisor.py   one job on one worker: watched, its time limit kept, rerun without
                    the cell that killed it
    distributed.py  the same on a Dask cluster
    timing.py       which test cells measure time (a busy machine may fail them)
    alone.py        those cells' notebooks run again with the machine to itself
    scratch.py      where a run's temporary files go (a tmpfs when there is room)
"""
