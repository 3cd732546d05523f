"""Report: the class report and the overview as self-contained HTML pages: no script, no
request leaves the page.

Figures are SVGs drawn by plots.py, in data URIs; every number in a figure is also in
a table, so the page reads the same without them. Everything from a submission (reasons,
case labels, student ids) is escaped, and the page's Content-Security-Policy allows no
script and no network at all.
"""

from __future__ import annotations

import html
from typing import Any

from ..judge.scores import Graded
from . import plots
from .classreport import CellStats, ClassReport, readable_time
from .overview import Overview

WHO_SHOWN = 8  # names listed per failure group
CARDS_PER_ASSIGNMENT = 4  # the overview's first assignments get a card of their own
CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"
KIND_WORDS = {"check": "check", "test": "test", "manual": "by hand", "task": "task"}
TROUBLE_WORDS = {"crash": "crash", "time-out": "time-out", "hostile": "hostile code",
                 "unreadable": "unreadable"}

CSS = """
:root{--ink:#1f2933;--muted:#616e7c;--line:#e4e7eb;--bg:#f3f5f8;--card:#fff;
--blue:#2f6fde;--green:#1f8a4c;--amber:#c77c02;--red:#c0392b;--violet:#6741d9}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",
sans-serif;color:var(--ink);background:var(--bg)}
.wrap{max-width:1120px;margin:0 auto;padding:0 24px}
header.top{background:#17324d;color:#fff;padding:26px 0 58px}
header.top h1{margin:2px 0 0;font-size:27px;font-weight:650;letter-spacing:-.01em}
header.top .sub{color:#c5d2df;margin-top:6px;font-size:14px}
.kicker{text-transform:uppercase;letter-spacing:.09em;font-size:12px;color:#9fb3c8}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(158px,1fr));gap:12px;
margin-top:-40px}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;
padding:13px 16px;box-shadow:0 1px 2px rgba(16,42,67,.06)}
.card .label{color:var(--muted);font-size:12.5px;text-transform:uppercase;
letter-spacing:.05em;overflow-wrap:anywhere}
.card .value{font-size:25px;font-weight:650;line-height:1.25;margin-top:2px}
.card .value small{font-size:14px;color:var(--muted);font-weight:500}
.card .note{font-size:12.5px;color:var(--muted)}
.card.alert .value{color:var(--red)}
section{background:var(--card);border:1px solid var(--line);border-radius:12px;
padding:20px 24px 22px;margin:18px 0;box-shadow:0 1px 2px rgba(16,42,67,.05)}
h2{font-size:19px;margin:0 0 2px}
h3{font-size:15.5px;margin:22px 0 6px}
.lead{color:var(--muted);margin:0 0 14px;font-size:14px}
table{border-collapse:collapse;width:100%;font-size:14px}
th{text-align:left;font-weight:600;color:var(--muted);font-size:12px;
text-transform:uppercase;letter-spacing:.04em;border-bottom:2px solid var(--line);
padding:6px 8px;vertical-align:bottom}
td{border-bottom:1px solid var(--line);padding:7px 8px;vertical-align:top}
tr:last-child td{border-bottom:none}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
code,.mono{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;
font-size:12.5px}
.reason{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;
font-size:12.5px;background:#fdf1f0;color:#8a1f17;border-radius:4px;padding:1px 6px;
overflow-wrap:anywhere}
.badge{display:inline-block;border-radius:999px;padding:0 9px;font-size:12px;
font-weight:600;white-space:nowrap;line-height:20px}
.b-crash{background:#fde8e8;color:#a61b1b}.b-time-out{background:#fff1db;color:#8a5300}
.b-hostile{background:#efe9ff;color:#5433b8}.b-unreadable{background:#e9edf1;color:#3e4c59}
.b-check{background:#e6effd;color:#1d4ea8}.b-test{background:#e8f5ec;color:#17653a}
.b-manual,.b-task{background:#f0f2f4;color:#52606d}
.b-missing{background:#fde8e8;color:#a61b1b}.b-late{background:#fff1db;color:#8a5300}
.meter{display:inline-block;vertical-align:middle;width:110px;height:8px;
background:var(--line);border-radius:4px;overflow:hidden;margin-right:8px}
.meter>span{display:block;height:100%;border-radius:4px}
.g{background:var(--green)}.a{background:var(--amber)}.r{background:var(--red)}
.mistakes{list-style:none;margin:0;padding:0}
.mistakes li{display:grid;grid-template-columns:92px 1fr;gap:16px;padding:13px 0;
border-bottom:1px solid var(--line)}
.mistakes li:last-child{border-bottom:none}
.count{font-size:30px;font-weight:700;color:var(--red);line-height:1;text-align:right}
.count small{display:block;font-size:12px;color:var(--muted);font-weight:500;
margin-top:4px}
.rule{font-weight:600}
td.key{white-space:nowrap}
.meta{color:var(--muted);font-size:13px;margin-top:3px}
.who{color:var(--muted);font-size:13px}
figure{margin:6px 0 10px}
figure img{max-width:100%;height:auto;display:block}
figcaption{color:var(--muted);font-size:13px}
details{margin-top:6px}
details>summary{cursor:pointer;font-weight:600;color:var(--blue)}
.muted{color:var(--muted)}
a{color:var(--blue)}
.ok{color:var(--green);font-weight:600}
.empty{color:var(--muted);font-style:italic}
.cols{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:22px;
align-items:start}
@media (max-width:820px){.cols{grid-template-columns:1fr}}
.heat th.s{text-align:center}
.heat td.s{text-align:center;font-variant-numeric:tabular-nums;white-space:nowrap}
.q0{background:#fbe3e1}.q1{background:#fdeccf}.q2{background:#fbf6d5}.q3{background:#e5f3e3}
.q4{background:#cfead3}
tr.marked td:first-child{box-shadow:inset 3px 0 0 var(--red)}
footer{color:var(--muted);font-size:12.5px;padding:8px 0 36px}
@media print{body{background:#fff}section,.card{box-shadow:none;break-inside:avoid}
header.top{background:#fff;color:#000;padding-bottom:12px}.cards{margin-top:0}}
"""


def esc(value: Any) -> str:
    return html.escape(str(value), quote=True)


def num(value: float | None, digits: int = 3) -> str:
    return "—" if value is None else f"{value:.{digits}g}"


def percent(rate: float | None) -> str:
    return "—" if rate is None else f"{100 * rate:.0f}%"


def duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    minutes = seconds / 60
    if minutes < 90:
        return f"{minutes:.0f} min"
    hours, rest = divmod(round(minutes), 60)
    return f"{hours} h {rest} min" if rest else f"{hours} h"


def page(title: str, kicker: str, subtitle: str, body: str) -> str:
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\">\n"
        "<link rel=\"icon\" href=\"data:,\">\n"
        f"<title>{esc(title)}</title>\n<style>{CSS}</style></head>\n<body>\n"
        f"<header class=\"top\"><div class=\"wrap\"><div class=\"kicker\">{esc(kicker)}</div>"
        f"<h1>{esc(title)}</h1><div class=\"sub\">{subtitle}</div></div></header>\n"
        f"<main class=\"wrap\">\n{body}\n</main>\n</body></html>\n")


def card(label: str, value: str, note: str = "", alert: bool = False) -> str:
    return (f"<div class=\"card{' alert' if alert else ''}\"><div class=\"label\">"
            f"{esc(label)}</div><div class=\"value\">{value}</div>"
            f"<div class=\"note\">{note}</div></div>")


def meter(rate: float | None) -> str:
    if rate is None:
        return ""
    tone = "g" if rate >= 0.8 else "a" if rate >= 0.5 else "r"
    return (f"<span class=\"meter\"><span class=\"{tone}\" "
            f"style=\"width:{100 * rate:.1f}%\"></span></span>")


def badge(kind: str, words: dict[str, str] | None = None) -> str:
    text = (words or {}).get(kind, kind)
    return f"<span class=\"badge b-{esc(kind)}\">{esc(text)}</span>"


def figure(uri: str | None, alt: str, caption: str = "") -> str:
    if uri is None:
        return "<p class=\"empty\">(no figure: nothing to draw yet)</p>"
    text = f"<figcaption>{esc(caption)}</figcaption>" if caption else ""
    return f"<figure><img src=\"{uri}\" alt=\"{esc(alt)}\">{text}</figure>"


def who(students: list[str]) -> str:
    shown = ", ".join(esc(s) for s in students[:WHO_SHOWN])
    more = len(students) - WHO_SHOWN
    return shown + (f" and {more} more" if more > 0 else "")


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


# --- one assignment ---------------------------------------------------------------------

def class_page(report: ClassReport) -> str:
    run = report.run
    subtitle = [f"{len(report.submitted)} of {plural(len(report.students), 'student')} "
                "submitted"]
    if run.get("started"):
        subtitle.append(f"graded {esc(readable_time(str(run['started'])))}")
    if run.get("isolation_mode"):
        subtitle.append(f"sandbox: {esc(run['isolation_mode'])}")
    subtitle.append(f"report built {esc(readable_time(report.generated))}")
    body = [_cards(report), _mistakes(report), _cells(report), _distribution(report),
            _trouble(report), _late(report), _timing(report), _everyone(report),
            _about(report)]
    return page(f"{report.assignment}", "Class report",
                " · ".join(subtitle), "\n".join(b for b in body if b))


def _cards(report: ClassReport) -> str:
    scores = report.scores()
    top = report.max_score
    out = []
    if scores["count"]:
        share = scores["mean"] / top if top else None
        out.append(card("Mean score", f"{num(scores['mean'])}<small> / {top:g}</small>",
                        f"{percent(share)} of the points · median {num(scores['median'])}"))
        full = sum(1 for s in report.submitted if top and s.net_score >= top)
        out.append(card("Full marks", f"{full}<small> / {len(report.submitted)}</small>",
                        "students"))
    graded = [c for c in report.cells if c.pass_rate is not None
              and c.kind in ("check", "test")]
    if graded:
        worst = min(graded, key=lambda c: (c.pass_rate, c.key))
        out.append(card("Hardest cell", f"{percent(worst.pass_rate)}",
                        f"passed <code>{esc(worst.title)}</code>", alert=worst.pass_rate < 0.5))
    trouble = {t["student"] for t in report.trouble()}
    out.append(card("Need a look", str(len(trouble)), "crash, time-out, hostile code or "
                    "unreadable", alert=bool(trouble)))
    missing = len(report.students) - len(report.submitted)
    if missing:
        out.append(card("Missing", str(missing), "no submission", alert=True))
    late = report.late()
    out.append(card("Late", str(len(late)), f"{sum(x['late_penalty'] for x in late):g} "
                    "points of penalties" if late else "all on time"))
    timing = report.timing()
    median = timing["per_submission"]["median"]
    if median is not None:
        out.append(card("Per submission", f"{median:.2g}<small> s</small>",
                        f"median in the sandbox · run {num(timing['run_seconds'])} s"))
    return f"<div class=\"cards\">{''.join(out)}</div>"


def _mistakes(report: ClassReport) -> str:
    items = report.mistakes()
    head = ("<section id=\"mistakes\"><h2>What the class got wrong</h2><p class=\"lead\">"
            "The most common failures over every graded cell, counted in students (a "
            "student who fails several cases of the same rule counts once). Students whose "
            "code crashed or ran out of time are under <a href=\"#trouble\">Students who "
            "need a look</a>.</p>")
    left = report.unanswered()
    unanswered = (f"<p class=\"lead\">Unanswered: {plural(left['answers'], 'answer')} left "
                  f"as released, by {plural(left['students'], 'student')} "
                  f"({who(left['who'])}).</p>" if left["answers"] else "")
    if not items:
        note = "Every submission passed every graded cell." if report.run else \
            "No run report with failure details (grade with agentloop-grade autograde)."
        if left["answers"]:
            note = "Nothing else: every answer given passed."
        return head + f"<p class=\"empty\">{note}</p>{unanswered}</section>"
    rows = []
    for item in items:
        example = f" · e.g. case <em>{esc(item['example_case'])}</em>" \
            if item["example_case"] else ""
        reason = f"<div><span class=\"reason\">{esc(item['reason'])}</span></div>" \
            if item["reason"] and item["reason"] != item["rule"] else ""
        rows.append(
            f"<li><div class=\"count\">{item['students']}<small>"
            f"{'student' if item['students'] == 1 else 'students'} · "
            f"{percent(item['students'] / len(report.submitted))}</small></div><div>"
            f"<div class=\"rule\">{esc(item['rule'])}</div>{reason}"
            f"<div class=\"meta\">{badge(item['kind'], KIND_WORDS)} <code>"
            f"{esc(item['title'])}</code> · {plural(item['cases'], 'failed case')}"
            f"{example}</div><div class=\"who\">{who(item['who'])}</div></div></li>")
    return head + f"<ol class=\"mistakes\">{''.join(rows)}</ol>{unanswered}</section>"


def _cells(report: ClassReport) -> str:
    cells = report.cells
    if not cells:
        return ""
    auto = [c for c in cells if c.kind in ("check", "test")]
    uri = plots.pass_rates([c.title for c in auto], [c.pass_rate for c in auto],
                           [f"{c.passed}/{c.graded}" for c in auto])
    by_hand = any(c.needs_manual or c.kind in (Graded.MANUAL, Graded.TASK) for c in cells)
    rows = []
    for cell in cells:
        top = cell.groups[0] if cell.groups else None
        mistake = (f"{esc(top.rule)} <span class=\"muted\">({len(top.students)})</span>"
                   if top else ("<span class=\"ok\">—</span>" if cell.failed == 0 else ""))
        rate = (f"{meter(cell.pass_rate)}{percent(cell.pass_rate)} "
                f"<span class=\"muted\">{cell.passed}/{cell.graded}</span>"
                if cell.graded else "<span class=\"muted\">not graded yet</span>")
        manual = f"<td class=\"num\">{cell.needs_manual or ''}</td>" if by_hand else ""
        rows.append(f"<tr><td class=\"key\"><code>{esc(cell.title)}</code></td><td>"
                    f"{badge(cell.kind, KIND_WORDS)}</td><td class=\"num\">"
                    f"{cell.points:g}</td><td style=\"white-space:nowrap\">{rate}</td>"
                    f"<td class=\"num\">{num(cell.mean)}</td>{manual}"
                    f"<td>{mistake}</td></tr>")
    table = ("<table><thead><tr><th>cell</th><th>kind</th><th class=\"num\">points</th>"
             "<th>full marks</th><th class=\"num\">mean</th>"
             + ("<th class=\"num\">to grade by hand</th>" if by_hand else "")
             + "<th>most common failure (students)</th></tr></thead><tbody>"
             + "".join(rows) + "</tbody></table>")
    alt = "; ".join(f"{c.title}: {percent(c.pass_rate)} full marks" for c in auto)
    details = "".join(_cell_groups(c) for c in sorted(cells, key=lambda c: -c.failed)
                      if c.groups)
    return ("<section id=\"cells\"><h2>Every graded cell</h2><p class=\"lead\">Pass rate "
            "= students with full marks on the cell (from the gradebook, so hand-graded "
            "changes count).</p>"
            + (figure(uri, f"Pass rate per autograded cell: {alt}") if auto else "")
            + table + details + "</section>")


def _cell_groups(cell: CellStats) -> str:
    rows = []
    for group in cell.groups:
        reason = f"<span class=\"reason\">{esc(group.reason)}</span>" \
            if group.reason and group.reason != group.rule else ""
        rows.append(f"<tr><td class=\"num\"><strong>{len(group.students)}</strong></td>"
                    f"<td>{esc(group.rule)}</td><td>{reason}</td><td class=\"num\">"
                    f"{group.cases}</td><td>{esc(group.example_case)}</td>"
                    f"<td class=\"who\">{who(group.students)}</td></tr>")
    return (f"<h3><code>{esc(cell.title)}</code> — {plural(cell.failed, 'student')} without "
            f"full marks</h3><table><thead><tr><th class=\"num\">students</th>"
            "<th>what the case tests</th><th>what went wrong</th><th class=\"num\">cases"
            "</th><th>example case</th><th>who</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>")


def _distribution(report: ClassReport) -> str:
    scores = report.scores()
    if not scores["count"]:
        return ""
    edges, counts = scores["histogram"]["edges"], scores["histogram"]["counts"]
    uri = plots.score_histogram(edges, counts, report.max_score, scores["mean"],
                                scores["median"])
    bins = [(a, b, n) for a, b, n in zip(edges, edges[1:], counts, strict=False) if n]
    alt = ", ".join(f"{n} with {_bin(a, b)}" for a, b, n in bins)
    rows = "".join(f"<tr><td>{_bin(a, b)}</td><td class=\"num\">{n}</td></tr>"
                   for a, b, n in bins)
    stats = (f"mean {num(scores['mean'])}, median {num(scores['median'])}, lowest "
             f"{num(scores['min'])}, highest {num(scores['max'])}, standard deviation "
             f"{num(scores['stdev'])} (of {report.max_score:g} points)")
    return ("<section id=\"scores\"><h2>Score distribution</h2><p class=\"lead\">"
            f"{esc(stats)}.</p><div class=\"cols\"><div>"
            + figure(uri, f"Histogram of scores: {alt}") + "</div><div><table><thead><tr>"
            "<th>score</th><th class=\"num\">students</th></tr></thead><tbody>" + rows
            + "</tbody></table></div></div></section>")


def _bin(low: float, high: float) -> str:
    """A histogram bar's scores: "4" for a bar around one whole score, else "10 – 15"."""
    middle = (low + high) / 2
    if high - low == 1 and middle == int(middle):
        return f"{middle:g}"
    return f"{low:g} – {high:g}"


def _trouble(report: ClassReport) -> str:
    items = report.trouble()
    missing = [s for s in report.students if not s.submitted]
    head = ("<section id=\"trouble\"><h2>Students who need a look</h2><p class=\"lead\">"
            "Submissions that crashed, ran out of time, attacked the grading or could not "
            "be read — with the grader's reason.</p>")
    names = {s.student: s.name for s in report.students}
    rows = [f"<tr><td><strong>{esc(t['student'])}</strong><div class=\"muted\">"
            f"{esc(names.get(t['student'], ''))}</div></td><td>"
            f"{badge(t['kind'], TROUBLE_WORDS)}</td><td><span class=\"reason\">"
            f"{esc(t['reason'])}</span></td></tr>" for t in items]
    body = ("<table><thead><tr><th>student</th><th>what happened</th><th>the grader's "
            "reason</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>") \
        if rows else "<p class=\"empty\">No crash, time-out or hostile code.</p>"
    if missing:
        body += (f"<h3>No submission ({len(missing)})</h3><p>"
                 + ", ".join(esc(s.student) for s in missing) + "</p>")
    return head + body + "</section>"


def _late(report: ClassReport) -> str:
    late = report.late()
    head = ("<section id=\"late\"><h2>Late submissions</h2><p class=\"lead\">After the due "
            "date (and any extension) in the gradebook; the penalty is the late plugin's"
            + (f" ({esc(report.run['late_penalties'])})"
               if report.run.get("late_penalties") else "") + ".</p>")
    if not late:
        return head + "<p class=\"empty\">Every submission was on time.</p></section>"
    rows = "".join(
        f"<tr><td>{esc(x['student'])}</td><td class=\"num\">"
        f"{duration(x['seconds_late'])}</td><td class=\"num\">{x['score']:g}</td>"
        f"<td class=\"num\">{'−' if x['late_penalty'] else ''}{x['late_penalty']:g}</td>"
        f"<td class=\"num\"><strong>{x['net_score']:g}</strong></td></tr>" for x in late)
    return (head + "<table><thead><tr><th>student</th><th class=\"num\">late by</th>"
            "<th class=\"num\">score</th><th class=\"num\">penalty</th><th class=\"num\">"
            "counts</th></tr></thead><tbody>" + rows + "</tbody></table></section>")


def _timing(report: ClassReport) -> str:
    timing = report.timing()
    seconds = [s.seconds for s in report.submitted if s.seconds is not None]
    if not seconds:
        return ""
    per = timing["per_submission"]
    limit = timing["time_limit_s"]
    uri = plots.seconds_histogram(seconds, limit)
    run = report.run
    lead = [f"{plural(len(seconds), 'submission')}: mean {num(per['mean'], 2)} s, median "
            f"{num(per['median'], 2)} s, longest {num(per['max'], 3)} s in the sandbox"]
    if timing["run_seconds"] is not None:
        lead.append(f"the newest run took {num(timing['run_seconds'])} s for "
                    f"{plural(run.get('graded') or 0, 'submission')} with "
                    f"{plural(timing['workers'] or 1, 'worker')}")
    if limit:
        lead.append(f"time limit {limit:g} s per cell")
    rows = "".join(f"<tr><td>{esc(x['student'])}</td><td class=\"num\">"
                   f"{x['seconds']:.2f} s</td></tr>" for x in timing["slowest"])
    return ("<section id=\"timing\"><h2>How long grading took</h2><p class=\"lead\">"
            + esc("; ".join(lead)) + ".</p><div class=\"cols\"><div>"
            + figure(uri, "Histogram of seconds per submission") + "</div><div><table>"
            "<thead><tr><th>slowest</th><th class=\"num\">seconds</th></tr></thead><tbody>"
            + rows + "</tbody></table></div></div>" + _reruns(report) + "</section>")


def _reruns(report: ClassReport) -> str:
    """Cells that failed while other notebooks ran at once, and the run alone that stands."""
    reruns = report.run.get("reruns") or []
    if not reruns:
        return ""
    rows = "".join(f"<tr><td>{esc(r.get('student'))}</td><td><code>{esc(r.get('notebook'))}"
                   f"/{esc(r.get('cell'))}</code></td><td>{esc(r.get('why'))}</td><td>"
                   f"re-run alone: {esc(r.get('outcome'))}</td></tr>" for r in reruns)
    return ("<h3>Run again with the machine to itself</h3><p class=\"lead\">These cells "
            "failed while other notebooks were graded at the same time; stock grades one "
            "notebook at a time, so each notebook was run again alone, and that run "
            "stands.</p><table><thead><tr><th>student</th><th>cell</th><th>why</th>"
            "<th>outcome</th></tr></thead><tbody>" + rows + "</tbody></table>")


def _everyone(report: ClassReport) -> str:
    rows = []
    for s in report.students:
        if not s.submitted:
            rows.append(f"<tr><td>{esc(s.student)}</td><td>{esc(s.name)}</td>"
                        f"<td colspan=\"4\">{badge('missing')}</td></tr>")
            continue
        marks = " ".join(badge(t["kind"], TROUBLE_WORDS) for t in s.troubles)
        if s.seconds_late > 0:
            marks += " " + badge("late")
        penalty = f"−{s.late_penalty:g}" if s.late_penalty else ""
        lost = ", ".join(f"<code>{esc(c)}</code>" for c in s.failed_cells)
        rows.append(f"<tr><td>{esc(s.student)}</td><td>{esc(s.name)}</td><td class=\"num\">"
                    f"<strong>{s.net_score:g}</strong> / {s.max_score:g}</td>"
                    f"<td class=\"num\">{penalty}</td><td>{lost}</td><td>{marks}</td></tr>")
    return ("<section id=\"students\"><h2>Every student</h2><details><summary>"
            f"Show all {len(report.students)}</summary><table><thead><tr><th>student</th>"
            "<th>name</th><th class=\"num\">score</th><th class=\"num\">late</th>"
            "<th>cells without full marks</th><th></th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table></details></section>")


def _about(report: ClassReport) -> str:
    run = report.run
    items = [f"Scores, pass rates and late penalties: the gradebook, read "
             f"{esc(readable_time(report.generated))}."]
    if run.get("file"):
        items.append(f"Failure reasons, crashes and timing: the run report "
                     f"<code>{esc(run['file'])}</code>" +
                     (f" (and {run['runs_read'] - 1} older one(s) for students it did not "
                      "grade)" if (run.get("runs_read") or 1) > 1 else "") + ".")
    if run.get("isolation"):
        items.append(f"Sandbox: {esc(run['isolation'])}.")
    items += [esc(n) for n in [*report.notes, *run.get("notes", [])]]
    return "<footer>" + "<br>".join(items) + "</footer>"


# --- every assignment -------------------------------------------------------------------

def _tone(share: float) -> str:
    return f"q{min(4, int(share * 5))}"


def overview_page(report: Overview) -> str:
    assignments = report.assignments
    counted = [a for a in assignments if a.counted]
    marked = [s for s in report.students if s.behind]
    percents = []
    for a in assignments:
        values = [100 * v / a.max_score for s in report.students
                  if (v := s.scores.get(a.name)) is not None and a.max_score]
        percents.append(values)
    means = [100 * a.mean / a.max_score if a.mean is not None and a.max_score else None
             for a in assignments]
    uri = plots.assignment_spread([a.name for a in assignments], percents, means,
                                  report.below)
    cards = [card("Students", str(len(report.students))),
             card("Assignments", str(len(assignments)), f"{len(counted)} counted (due or "
                  "submitted)"),
             card("Marked", str(len(marked)), f"below {report.below:g}% or missing a "
                  "submission", alert=bool(marked))]
    for a, mean in list(zip(assignments, means, strict=True))[:CARDS_PER_ASSIGNMENT]:
        cards.append(card(a.name, f"{num(mean, 2)}<small>%</small>" if mean is not None
                          else "—", f"mean · {a.submitted} submitted"))
    marked_rows = "".join(
        f"<tr><td><strong>{esc(s.student)}</strong><div class=\"muted\">{esc(s.name)}</div>"
        f"</td><td class=\"num\">{'—' if s.percent is None else f'{s.percent:.0f}%'}</td>"
        f"<td>{esc('; '.join(s.behind))}</td></tr>" for s in marked)
    marked_html = ("<table><thead><tr><th>student</th><th class=\"num\">of the points</th>"
                   "<th>why</th></tr></thead><tbody>" + marked_rows + "</tbody></table>") \
        if marked else "<p class=\"empty\">Nobody is behind.</p>"
    head = "".join(f"<th class=\"s\">{esc(a.name)}<div class=\"muted\" style=\""
                   f"text-transform:none\">of {a.max_score:g}</div></th>"
                   for a in assignments)
    rows = []
    for s in report.students:
        cells = []
        for a in assignments:
            value = s.scores.get(a.name)
            if value is None:
                cells.append(f"<td class=\"s\">{badge('missing')}</td>" if a.counted
                             else "<td class=\"s muted\">—</td>")
            else:
                share = value / a.max_score if a.max_score else 1.0
                cells.append(f"<td class=\"s {_tone(share)}\">{value:g}</td>")
        total = "—" if s.percent is None else f"{s.percent:.0f}%"
        rows.append(f"<tr class=\"{'marked' if s.behind else ''}\"><td>{esc(s.student)}"
                    f"<div class=\"muted\">{esc(s.name)}</div></td>{''.join(cells)}"
                    f"<td class=\"num\"><strong>{total}</strong></td></tr>")
    means_row = "".join(f"<td class=\"s\"><strong>{num(a.mean)}</strong><div class=\""
                        f"muted\">{a.submitted} in</div></td>" for a in assignments)
    rows.append(f"<tr><td><strong>mean</strong></td>{means_row}<td></td></tr>")
    alt = "; ".join(f"{a.name}: mean {num(m, 2)}%" for a, m in
                    zip(assignments, means, strict=True))
    body = (f"<div class=\"cards\">{''.join(cards)}</div>"
            "<section id=\"marked\"><h2>Who is falling behind</h2><p class=\"lead\">"
            f"Students below {report.below:g}% of the points of the assignments that count "
            "(past their due date, or without one and submitted by someone), or with a "
            "missing submission.</p>" + marked_html + "</section>"
            "<section id=\"spread\"><h2>Each assignment</h2><p class=\"lead\">Every dot is "
            "a student's score (after late penalties); the bar is the mean.</p>"
            + figure(uri, f"Scores per assignment: {alt}") + "</section>"
            "<section id=\"matrix\"><h2>Every student, every assignment</h2>"
            "<p class=\"lead\">Points after late penalties; the last column is the share "
            "of all counted points. Marked students have a red edge.</p>"
            "<table class=\"heat\"><thead><tr><th>student</th>" + head
            + "<th class=\"num\">total</th></tr></thead><tbody>" + "".join(rows)
            + "</tbody></table></section>"
            f"<footer>From the gradebook, read {esc(readable_time(report.generated))}."
            "</footer>")
    subtitle = (f"{plural(len(report.students), 'student')} · "
                f"{plural(len(assignments), 'assignment')} · built "
                f"{esc(readable_time(report.generated))}")
    return page("Every assignment", "Course overview", subtitle, body)
