"""فهرست فارسی: واژه‌های کتابخانه (بررسی‌های فصل‌های ۱ تا ۵؛ ابزارک و نمایش‌های خط فرمانِ فصل ۱).

کلید، الگوی انگلیسی است درست همان‌طور که کتابخانه می‌نویسد؛ مقدار، ترجمه با همان
فیلدهای {name}. اصطلاح‌ها از واژه‌نامهٔ chapters/i18n/fa/glossary.json است. نام‌های کد
(`success`، `needs_input`، `error`، `limit`، `continue`، فیلدهای وضعیت) ترجمه نمی‌شوند و
میان دو بک‌تیک می‌آیند تا در متن راست‌به‌چپ، چپ‌به‌راست بمانند. پیکان‌ها ← اند: در متن
فارسی به سوی نتیجه اشاره می‌کنند.
"""

MESSAGES = {
    # --- the ✔/✘ lines of every check (agentloop.checks.core.Report.text) ---
    "hint: {hint}": "راهنما: {hint}",
    "{passed}/{total} cases passed: {verdict}": "{passed} مورد از {total} درست بود: {verdict}",
    "all passed": "همه درست است",
    "not yet": "هنوز نه",
    "{name} is the library's own answer to this exercise, withheld while your answer is "
    "checked: write your own":
        "`{name}` پاسخ خودِ کتابخانه به این تمرین است و تا پاسخ شما بررسی می‌شود در دسترس "
        "نیست: پاسخ خودتان را بنویسید",
    "{name} is the library's own answer to this exercise: write your own":
        "`{name}` پاسخ خودِ کتابخانه به این تمرین است: پاسخ خودتان را بنویسید",
    # --- what a check says about an answer that gave nothing usable (checks.core) ---
    "the answer produced no usable results": "پاسخ هیچ نتیجهٔ قابل استفاده‌ای نداد",
    "the answer produced no usable result": "پاسخ نتیجهٔ قابل استفاده‌ای نداد",
    "raised {error}": "استثنا رخ داد: `{error}`",
    "raised an exception": "استثنا رخ داد",
    "the check's reference is broken ({problem})": "مرجع این بررسی خراب است ({problem})",
    "returned a value of the wrong shape ({problem})":
        "مقداری با شکل نادرست برگرداند ({problem})",
    "{where} is too large (more than {count} items)":
        "`{where}` بیش از اندازه بزرگ است (بیش از {count} عنصر)",
    "{where} is nested more than {depth} levels deep":
        "`{where}` بیش از {depth} لایه تودرتو است",
    "{where} is {value}; only finite numbers are plain data":
        "`{where}` برابر `{value}` است؛ از میان عددها فقط عددهای متناهی دادهٔ ساده‌اند",
    "{where} is a text of {length} characters (at most {limit})":
        "`{where}` متنی {length} نویسه‌ای است (حداکثر {limit})",
    "{where} has a key of type {kind}; keys must be str":
        "`{where}` کلیدی از نوع `{kind}` دارد؛ کلیدها باید `str` باشند",
    "{where} is a {module}.{kind}; expected plain data (None, bool, int, float, str, list or dict)":
        "`{where}` از نوع `{module}.{kind}` است؛ دادهٔ ساده انتظار می‌رفت (`None`، `bool`، `int`، "
        "`float`، `str`، `list` یا `dict`)",
    # --- chapter 1's checks: titles (agentloop.checks.ch1) ---
    "decide() after a failed read, under the revised policy":
        "`decide()` پس از خواندنی ناموفق، با سیاست بازنگری‌شده",
    "decide() after a read that worked, under the revised policy":
        "`decide()` پس از خواندنی موفق، با سیاست بازنگری‌شده",
    "decide() ignores the scenario name": "`decide()` به نام سناریو اعتنا نمی‌کند",
    "predict how each scripted run ends (terminal and step)":
        "پیش‌بینی کنید هر اجرای ازپیش‌نوشته چگونه تمام می‌شود (حالت پایانی و مرحله)",
    "the final message of a run, for each terminal":
        "پیام پایانی یک اجرا، برای هر حالت پایانی",
    # --- the revised policy's rules ---
    "a failure marked retryable: false → error at once":
        "شکستی با نشان `retryable: false` ← بی‌درنگ `error`",
    "failures > max_retries → error, even on the last step":
        "`failures > max_retries` ← `error`، حتی در آخرین مرحله",
    "a failure with a retry left, on the last allowed step → limit":
        "شکست در آخرین مرحلهٔ مجاز، وقتی هنوز تلاش دوباره مانده ← `limit`",
    "a failure with a retry and a step left → continue":
        "شکست، وقتی هم تلاش دوباره مانده و هم مرحله ← `continue`",
    "a finished search with exactly one different card → success, even on the last step":
        "جست‌وجوی کامل با دقیقاً یک کارت متمایز ← `success`، حتی در آخرین مرحله",
    "a finished search with no card or several different cards → needs_input":
        "جست‌وجوی کامل بدون کارت یا با چند کارت متمایز ← `needs_input`",
    "an unfinished search on the last allowed step → limit":
        "جست‌وجوی ناتمام در آخرین مرحلهٔ مجاز ← `limit`",
    "an unfinished search with steps left → continue":
        "جست‌وجوی ناتمام، وقتی هنوز مرحله مانده ← `continue`",
    "the scenario name never changes the decision": "نام سناریو هرگز تصمیم را عوض نمی‌کند",
    "every run answered with a terminal and a step":
        "برای هر اجرا یک حالت پایانی و یک مرحله آمده است",
    "success names the card and says it was found; asks nothing":
        "در `success` کارت نام برده می‌شود و گفته می‌شود پیدا شده؛ پرسشی نیست",
    "needs_input names every candidate card and asks a question":
        "در `needs_input` همهٔ کارت‌های نامزد نام برده می‌شوند و پرسشی هست",
    "needs_input after an empty search says no card matched and asks":
        "در `needs_input` پس از جست‌وجوی خالی گفته می‌شود هیچ کارتی جور نبود و پرسشی هست",
    "error says reading failed, quotes the error and says nothing was found; no success "
    "words":
        "در `error` گفته می‌شود خواندن شکست خورد، متن خطا می‌آید و گفته می‌شود چیزی پیدا "
        "نشد؛ بی‌واژهٔ موفقیت",
    "limit says not every card was checked; names no candidate; no success words":
        "در `limit` گفته می‌شود همهٔ کارت‌ها بررسی نشدند؛ نامزدی نام برده نمی‌شود؛ بی‌واژهٔ "
        "موفقیت",
    "every message says how many actions the run used, and states no wrong number":
        "هر پیام می‌گوید اجرا چند کنش به کار برد و هیچ عدد نادرستی ندارد",
    # --- the cases a learner sees ---
    "first failure, a retry and steps left → continue":
        "شکست نخست، با تلاش دوباره و مرحله‌های باقی‌مانده ← `continue`",
    "retryable: true is an ordinary failure → continue":
        "`retryable: true` یک شکست معمولی است ← `continue`",
    "second failure with one retry allowed → error":
        "شکست دوم با یک تلاش دوبارهٔ مجاز ← `error`",
    "second failure on the last allowed step → error":
        "شکست دوم در آخرین مرحلهٔ مجاز ← `error`",
    "first failure with no retries allowed → error":
        "شکست نخست وقتی تلاش دوباره مجاز نیست ← `error`",
    "first failure on the last allowed step → limit":
        "شکست نخست در آخرین مرحلهٔ مجاز ← `limit`",
    "retryable: false with a retry left → error at once":
        "`retryable: false` با اینکه تلاش دوباره مانده ← بی‌درنگ `error`",
    "retryable: false on the last allowed step → error, not limit":
        "`retryable: false` در آخرین مرحلهٔ مجاز ← `error`، نه `limit`",
    "one card, no search_complete field (= finished) → success":
        "یک کارت، بی‌فیلد `search_complete` (یعنی جست‌وجو کامل است) ← `success`",
    "one card, search_complete true, after a failure → success":
        "یک کارت، `search_complete` برابر `true`، پس از یک شکست ← `success`",
    "one card on the last allowed step → success":
        "یک کارت در آخرین مرحلهٔ مجاز ← `success`",
    "the same card listed twice is one card → success":
        "یک کارت که دو بار آمده، یک کارت است ← `success`",
    "two different cards → needs_input": "دو کارت متمایز ← `needs_input`",
    "a finished search with no card → needs_input": "جست‌وجوی کامل بدون کارت ← `needs_input`",
    "two cards on the last allowed step → needs_input":
        "دو کارت در آخرین مرحلهٔ مجاز ← `needs_input`",
    "an unfinished page with one card, steps left → continue":
        "صفحه‌ای ناتمام با یک کارت، با مرحله‌های باقی‌مانده ← `continue`",
    "an unfinished search, steps left → continue":
        "جست‌وجوی ناتمام، با مرحله‌های باقی‌مانده ← `continue`",
    "an unfinished search on step 5 of 5 → limit":
        "جست‌وجوی ناتمام در مرحلهٔ ۵ از ۵ ← `limit`",
    "one card on step 5, scenario called 'limit'":
        "یک کارت در مرحلهٔ ۵، با سناریویی به نام `'limit'`",
    "retryable: false, scenario 'temporary_error'":
        "`retryable: false`، سناریوی `'temporary_error'`",
    "one card listed twice, scenario 'two_matches'":
        "یک کارت که دو بار آمده، سناریوی `'two_matches'`",
    "unfinished page, scenario 'permanent_error'":
        "صفحهٔ ناتمام، سناریوی `'permanent_error'`",
    "run {run} is answered": "برای اجرای `{run}` پاسخ آمده است",
    "success with task-003 after 1 action": "`success` با `task-003` پس از ۱ کنش",
    "success on the retry, after a failed read":
        "`success` در تلاش دوباره، پس از یک خواندن ناموفق",
    "success: one card listed twice": "`success`: یک کارت که دو بار آمده",
    "needs_input with two cards": "`needs_input` با دو کارت",
    "needs_input with no card": "`needs_input` بدون کارت",
    "error after the retry failed too": "`error`: تلاش دوباره هم شکست خورد",
    "error with no retry allowed": "`error` وقتی تلاش دوباره مجاز نیست",
    "limit on step 5 of 5": "`limit` در مرحلهٔ ۵ از ۵",
    "limit: a first failure on the last step": "`limit`: شکست نخست در آخرین مرحله",
    "limit on step 2 of 2 (another count)": "`limit` در مرحلهٔ ۲ از ۲ (شمار دیگری از کنش‌ها)",
    # --- the cases only the grader adds (agentloop_grader.answers.ch1) ---
    "generated state {number}": "وضعیت ساخته‌شدهٔ {number}",
    "state {number} as {scenario}": "وضعیت {number} با سناریوی `{scenario}`",
    "run {run}": "اجرای `{run}`",
    "generated final state {number}: {terminal}":
        "وضعیت پایانی ساخته‌شدهٔ {number}: `{terminal}`",
    "generated empty search {number}": "جست‌وجوی خالی ساخته‌شدهٔ {number}",
    # --- hints ---
    "A failure is judged first: retryable false → error at once; then error once failures "
    "> max_retries; otherwise the step limit still applies before you continue.":
        "اول شکست سنجیده می‌شود: `retryable` برابر `false` ← بی‌درنگ `error`؛ سپس `error` "
        "به‌محض اینکه `failures > max_retries`؛ وگرنه پیش از ادامه، سقف مرحله‌ها را هم "
        "بسنجید.",
    "A finished search (search_complete true or missing) is judged by how many different "
    "cards it found, even on the last step; only an unfinished search is stopped by the step "
    "limit.":
        "جست‌وجوی کامل (`search_complete` برابر `true` یا بی‌این فیلد) با شمار کارت‌های "
        "متمایزی که یافته سنجیده می‌شود، حتی در آخرین مرحله؛ سقف مرحله‌ها فقط جست‌وجوی "
        "ناتمام را متوقف می‌کند.",
    "Same observation + counters + limits must give the same decision: never read "
    "state['scenario'].":
        "مشاهده، شمارنده‌ها و سقف‌های یکسان باید تصمیم یکسان بدهند: هرگز "
        "`state['scenario']` را نخوانید.",
    "Play each run step by step: add 1 to steps (and to failures after a failed read), then "
    "apply the revised rules in order; stop at the first terminal.":
        "هر اجرا را مرحله‌به‌مرحله پیش ببرید: ۱ به `steps` بیفزایید (و پس از خواندن ناموفق "
        "به `failures`)، سپس قاعده‌های بازنگری‌شده را به ترتیب به کار ببرید؛ در نخستین "
        "حالت پایانی بایستید.",
    "Branch on state['terminal']; use state['steps'] and state['observation'] (its matches or "
    "its error). Each terminal has its must and must-not list in the chapter.":
        "بر پایهٔ `state['terminal']` شاخه بزنید؛ از `state['steps']` و "
        "`state['observation']` (فیلد `matches` یا `error` آن) استفاده کنید. فهرست «باید» و "
        "«نباید» هر حالت پایانی در فصل آمده است. پیام را به انگلیسی بنویسید: قاعده‌های این "
        "بررسی واژه‌های انگلیسی را می‌خوانند.",
    # --- why an answer is wrong ---
    "expected {expected}, got {output} (rule: {rule})":
        "انتظار می‌رفت `{expected}`، اما `{output}` آمد (قاعده: {rule})",
    "answer {output}: write a pair (terminal, step), e.g. ('limit', 3)":
        "پاسخ `{output}`: یک جفت (حالت پایانی، مرحله) بنویسید، مثلاً `('limit', 3)`",
    "{terminal} is not a terminal ({terminals})":
        "`{terminal}` حالت پایانی نیست (`{terminals}`)",
    "step {step} is not a step this run can end on (1 to {max_steps})":
        "این اجرا نمی‌تواند در مرحلهٔ `{step}` تمام شود (فقط ۱ تا {max_steps})",
    "{answer} is not how run {run} ends": "اجرای `{run}` این‌گونه تمام نمی‌شود: `{answer}`",
    "every run is answered in the right form, but not every answer is how its run ends: play "
    "each run again, step by step (which ones are wrong is not said: that would give them "
    "away)":
        "همهٔ پاسخ‌ها شکل درستی دارند، اما همه با پایان اجرای خود جور نیستند: هر اجرا را "
        "دوباره مرحله‌به‌مرحله پیش ببرید (گفته نمی‌شود کدام‌ها نادرست‌اند: این کار پاسخ را لو "
        "می‌داد)",
    "expected a non-empty str, got {output}":
        "یک `str` ناتهی انتظار می‌رفت، اما `{output}` آمد",
    "keep the message under 300 characters: a person has to read it":
        "پیام را زیر ۳۰۰ نویسه نگه دارید: آدمی باید آن را بخواند",
    "say how many actions the run used ({steps}), as a number":
        "با عدد بگویید اجرا چند کنش به کار برد ({steps})",
    "the message says {number}, which is none of this run's counts or limits":
        "پیام عدد {number} را می‌گوید که هیچ‌یک از شمارنده‌ها یا سقف‌های این اجرا نیست",
    "a success message names the card found ({card})":
        "پیام موفقیت کارتِ پیداشده را نام می‌برد (`{card}`)",
    "say that the card was found (use the word 'found')":
        "بگویید کارت پیدا شد (با واژهٔ `'found'`)",
    "after success there is nothing to ask: no question mark":
        "پس از `success` چیزی برای پرسیدن نیست: بی‌علامت سؤال",
    "a success message must not say that nothing was found or not all was checked":
        "پیام موفقیت نباید بگوید چیزی پیدا نشد یا همه‌چیز بررسی نشد",
    "no read failed in this run: do not say one did":
        "در این اجرا هیچ خواندنی شکست نخورد: نگویید که خورد",
    "the person must see every candidate card; missing {cards}":
        "آدمی باید همهٔ کارت‌های نامزد را ببیند؛ جا افتاده: `{cards}`",
    "say that no card matched (e.g. 'no card matches')":
        "بگویید هیچ کارتی جور نبود (مثلاً `'no card matches'`)",
    "needs_input asks the person something: ask a question (with '?')":
        "در `needs_input` از آدمی چیزی پرسیده می‌شود: بپرسید (با `'?'`)",
    "nothing was chosen or solved, but the message says {words}":
        "چیزی انتخاب یا حل نشد، اما پیام می‌گوید `{words}`",
    "the search finished: do not say that cards were left unchecked":
        "جست‌وجو کامل شد: نگویید کارت‌هایی بررسی‌نشده ماندند",
    "after {terminal} nothing was achieved, but the message says {words}":
        "پس از `{terminal}` به چیزی نرسیدیم، اما پیام می‌گوید `{words}`",
    "after {terminal} no card was found: do not say 'found' (only 'nothing found')":
        "پس از `{terminal}` کارتی پیدا نشد: `'found'` نگویید (فقط `'nothing found'`)",
    "after {terminal} not everything was checked, but the message claims it was":
        "پس از `{terminal}` همه‌چیز بررسی نشد، اما پیام خلاف آن را می‌گوید",
    "say that reading failed (e.g. 'could not read the cards')":
        "بگویید خواندن شکست خورد (مثلاً `'could not read the cards'`)",
    "say what went wrong: quote the error ({error})":
        "بگویید چه چیزی درست پیش نرفت: متن خطا را بیاورید (`{error}`)",
    "say that nothing was found or decided": "بگویید نه چیزی پیدا شد و نه تصمیمی گرفته شد",
    "no card was found after error: name no card":
        "پس از `error` کارتی پیدا نشد: هیچ کارتی را نام نبرید",
    "say that the search stopped before every card was checked":
        "بگویید جست‌وجو پیش از بررسی همهٔ کارت‌ها متوقف شد",
    "{card} is only on the last page read, not a result: do not name it":
        "`{card}` فقط در آخرین صفحهٔ خوانده‌شده است و نتیجه نیست: نامش را نبرید",
    "the reads worked in this run: do not say reading failed":
        "در این اجرا خواندن‌ها درست انجام شدند: نگویید خواندن شکست خورد",
    "the state's terminal {terminal} is not one of {terminals}":
        "حالت پایانیِ وضعیت، `{terminal}`، از میان `{terminals}` نیست",
    # --- what a person is told when a run ends (agentloop.terminal_messages) ---
    "Found it: the card is {card}.": "پیدا شد: کارت {card} است.",
    "I searched the whole board and no card matches. Which task do you mean?":
        "همهٔ تابلوی کارها را گشتم و هیچ کارتی جور نیست. منظورتان کدام کار است؟",
    "Several cards match: {cards}. Which one do you mean?":
        "چند کارت جورند: {cards}. منظورتان کدام است؟",
    "I could not read the task cards, so no card was found and nothing was decided.":
        "نتوانستم کارت‌های کار را بخوانم، پس هیچ کارتی پیدا نشد و هیچ تصمیمی گرفته نشد.",
    "I ran out of allowed steps before the search ended: not all cards were checked.":
        "مرحله‌های مجاز پیش از پایان جست‌وجو تمام شد: همهٔ کارت‌ها بررسی نشدند.",
    # --- agentloop loop / agentloop run (agentloop.commands.loop, agentloop.stop_policy) ---
    "step: {step}": "مرحله: {step}",
    "state: {phase}": "وضعیت: {phase}",
    "action: {action}": "کنش: {action}",
    "observation: {observation}": "مشاهده: {observation}",
    "decision: {decision}": "تصمیم: {decision}",
    "config: {folder}": "config: {folder}",
    "model: replay (the authors' recorded route, not a live model)":
        "model: replay (مسیری که نویسندگان از پیش ضبط کرده‌اند، نه یک مدل زنده)",
    "scenario: {scenario}": "scenario: {scenario}",
    "stop_policy: max_steps {max_steps}, max_retries {max_retries}":
        "stop_policy: max_steps {max_steps}, max_retries {max_retries}",
    "Step {step} | {action} | {decision}": "مرحلهٔ {step} | {action} | {decision}",
    "Stop: {decision}": "توقف: {decision}",
    "A replay proves nothing about how a live model would behave.":
        "بازپخش چیزی دربارهٔ رفتار یک مدل زنده ثابت نمی‌کند.",
    "{folder} is not a folder; pass the folder that holds {file}":
        "{folder} پوشه نیست؛ پوشه‌ای را بدهید که {file} در آن است",
    "no {file} in {folder}": "در {folder} فایل {file} نیست",
    "{path} is not valid JSON: {problem} at line {line}":
        "{path} یک JSON معتبر نیست: {problem} در خط {line}",
    "{path} must hold a JSON object with max_steps and max_retries":
        "{path} باید یک شیء JSON با max_steps و max_retries داشته باشد",
    "{path}: unknown keys {keys}; allowed: max_steps, max_retries":
        "{path}: کلیدهای ناشناخته {keys}؛ مجاز: max_steps و max_retries",
    "{path}: missing {keys}": "{path}: {keys} کم است",
    "{path} is a folder; {file} must be a file of JSON":
        "{path} یک پوشه است؛ {file} باید یک فایل JSON باشد",
    "{path} is not UTF-8 text": "{path} متن UTF-8 نیست",
    "cannot read {path}: {problem}": "خواندن {path} ممکن نیست: {problem}",
    "{option} needs a workspace: {folder} has no agent.json, only chapter 1's stop policy":
        "{option} فقط با پوشهٔ کار یک عامل کار می‌کند: در {folder} فایل agent.json نیست، "
        "فقط سیاست توقف فصل ۱",
    # --- the loop explorer (agentloop.widgets.ch1_loop) ---
    "step": "مرحله",
    "action": "کنش",
    "observation": "مشاهده",
    "failures": "شکست‌ها",
    "decision": "تصمیم",
    "scenario": "سناریو",
    "first step": "مرحلهٔ نخست",
    "next step": "مرحلهٔ بعد",
    "whole run": "کل اجرا",
    "showing step {shown} of {total}: the run goes on":
        "مرحلهٔ {shown} از {total}: اجرا ادامه دارد",
    "terminal: {terminal} after 1 step; message: {message}":
        "حالت پایانی: {terminal} پس از ۱ مرحله؛ پیام: {message}",
    "terminal: {terminal} after {total} steps; message: {message}":
        "حالت پایانی: {terminal} پس از {total} مرحله؛ پیام: {message}",
    # --- a translated notebook's own cells (tools/translations.py) ---
    "Library messages (checks, the explorer, the demos) in this notebook's language":
        "پیام‌های کتابخانه (بررسی‌ها، ابزارک، نمایش‌ها) به فارسی",
    "This cell's translation is out of date: its English text changed, and is shown here "
    "until the translation is updated.":
        "ترجمهٔ این سلول کهنه شده است: متن انگلیسی آن تغییر کرده و تا ترجمه به‌روز شود، همان "
        "متن انگلیسی اینجا نشان داده می‌شود.",
    "This cell is not translated yet: its English text is shown here.":
        "این سلول هنوز ترجمه نشده است: متن انگلیسی آن اینجا آمده است.",
    # --- a check cell in practice: steps of a hint, a blank answer (checks.core, practice) ---
    "{count} cases fail the same way: {reason}":
        "{count} مورد به یک شکل رد می‌شوند: {reason}",
    "hint {number} of {total}: {hint}": "راهنمای {number} از {total}: {hint}",
    "no hints left: the last one is a nudge, not the answer":
        "راهنمای دیگری نمانده است: آخری فقط تلنگری بود، نه پاسخ",
    "1 more hint: press Hint": "۱ راهنمای دیگر مانده است: «راهنما» را بزنید",
    "{count} more hints: press Hint": "{count} راهنمای دیگر مانده است: «راهنما» را بزنید",
    "expected {expected}, got {output}": "انتظار می‌رفت `{expected}`، ولی `{output}` آمد",
    "not answered yet — write `{name}` above":
        "هنوز پاسخی نوشته نشده است — `{name}` را در سلول بالا بنویسید",
    "not answered yet — write `{name}` here, in place of `{stub}`":
        "هنوز پاسخی نوشته نشده است — `{name}` را همین‌جا، به جای `{stub}`، بنویسید",
    "not answered yet — write your answer here, in place of `{stub}`":
        "هنوز پاسخی نوشته نشده است — پاسختان را همین‌جا، به جای `{stub}`، بنویسید",
    "not answered yet — this cell runs `{name}`, which you write above":
        "هنوز پاسخی نوشته نشده است — این سلول `{name}` را اجرا می‌کند که نوشتنش در سلول بالا "
        "با شماست",
    # --- the buttons under a check (agentloop.practice.panel) ---
    "Hint": "راهنما",
    "Hint (after your first try)": "راهنما (پس از نخستین تلاش)",
    "No hints left": "راهنمای دیگری نمانده",
    "Hint ({count} of {total} left)": "راهنما ({count} از {total} مانده)",
    "Solution": "راه‌حل",
    "Solution (seen)": "راه‌حل (دیده‌شده)",
    "Solution (locked)": "راه‌حل (قفل)",
    "Your answer solved the exercise: compare it with the course's":
        "پاسخ شما تمرین را حل کرد: آن را با پاسخ درس مقایسه کنید",
    "You looked before passing: the progress says so":
        "راه‌حل پیش از قبولی دیده شد: در پیشرفت شما ثبت شده است",
    "Locked until your answer solves the exercise":
        "تا وقتی پاسخ شما تمرین را حل نکند، قفل است",
    "chapter: {passed} of {total} checks passed": "فصل: {passed} بررسی از {total} قبول",
    "(Hint, Solution and this chapter's progress are buttons: run the cell to see them)":
        "(«راهنما»، «راه‌حل» و پیشرفت این فصل دکمه‌اند: برای دیدنشان سلول را اجرا کنید)",
    # --- solved, locked, shown anyway (agentloop.practice.solutions) ---
    "every check of {exercise} passed (the course has no answer to show)":
        "همهٔ بررسی‌های `{exercise}` قبول شد (درس پاسخی برای نشان دادن ندارد)",
    "every check of {exercise} passed, but {problem}":
        "همهٔ بررسی‌های `{exercise}` قبول شد، اما {problem}",
    "every listed case of {exercise} passes, but your answer does not yet give the right "
    "output on every case the course has (which ones is not said: finding them is the "
    "exercise). Read the rules in the hints again; the exercise is solved, and its reference "
    "answer opens, once it does.":
        "همهٔ موردهای فهرست‌شدهٔ `{exercise}` درست است، اما پاسخ شما هنوز در همهٔ موردهای درس "
        "خروجی درست نمی‌دهد (کدام‌ها گفته نمی‌شود: یافتنشان خودِ تمرین است). قاعده‌های "
        "راهنماها را دوباره بخوانید؛ همین که پاسخ در همه درست شود، تمرین حل شده است و پاسخ "
        "مرجع باز می‌شود.",
    "exercise {exercise} solved: every listed case passes. It is judged by rules alone, so its "
    "example answer is locked with a key anyone can make (it proves nothing). Compare yours "
    "with it: Solution, below, or `solution(\"{exercise}\")`":
        "تمرین `{exercise}` حل شد: همهٔ موردهای فهرست‌شده درست است. این تمرین فقط با قاعده‌ها "
        "سنجیده می‌شود، پس پاسخ نمونه‌اش با کلیدی قفل شده که هر کسی می‌تواند بسازد (چیزی را "
        "ثابت نمی‌کند). پاسختان را با آن مقایسه کنید: دکمهٔ «راه‌حل» در پایین، یا "
        "`solution(\"{exercise}\")`",
    "exercise {exercise} solved: your answer also gives the right output on cases it has never "
    "seen, which opened the course's answer. Compare yours with it: Solution, below, or "
    "`solution(\"{exercise}\")`":
        "تمرین `{exercise}` حل شد: پاسخ شما در موردهایی که هرگز ندیده بود هم خروجی درست "
        "می‌دهد، و همین پاسخ درس را باز کرد. پاسختان را با آن مقایسه کنید: دکمهٔ «راه‌حل» در "
        "پایین، یا `solution(\"{exercise}\")`",
    "Reference answer for {exercise} (chapter {chapter}), shown {when}, from the instructor "
    "notebook {source}:":
        "پاسخ مرجع `{exercise}` (فصل `{chapter}`)، نشان‌داده‌شده {when}، از دفترچهٔ مدرس "
        "`{source}`:",
    "Reference answer for {exercise} (chapter {chapter}), shown {when}:":
        "پاسخ مرجع `{exercise}` (فصل `{chapter}`)، نشان‌داده‌شده {when}:",
    "(Your answer was not found: run your answer cell, then this again.)":
        "(پاسخ شما پیدا نشد: سلول پاسخ را اجرا کنید و سپس دوباره این را.)",
    "Yours and the reference, line by line (- yours, + reference):":
        "پاسخ شما و پاسخ مرجع، خط‌به‌خط (- شما، + مرجع):",
    "Your answer is the same as the reference, line for line.":
        "پاسخ شما خط‌به‌خط با پاسخ مرجع یکی است.",
    "Both can be right: the checks, not this text, say whether yours is.":
        "هر دو می‌توانند درست باشند: درستی پاسخ شما را بررسی‌ها می‌گویند، نه این متن.",
    "(not found: run your answer cell, then this again)":
        "(پیدا نشد: سلول پاسخ را اجرا کنید و سپس دوباره این را)",
    "yours": "پاسخ شما",
    "reference": "پاسخ مرجع",
    "{exercise}: this copy of the course holds its reference answer sealed until your answer "
    "solves the exercise, and no instructor notebook, so nothing is shown here. The reference "
    "is in the course's repository: {where}. (Your progress notes that you asked for it "
    "{when}.)":
        "`{exercise}`: در این نسخه از درس، پاسخ مرجع تا وقتی پاسخ شما تمرین را حل نکند مهر و "
        "موم است و دفترچهٔ مدرس هم در آن نیست، پس اینجا چیزی نشان داده نمی‌شود. پاسخ مرجع در "
        "مخزن درس است: {where}. (در پیشرفت شما ثبت شده که آن را {when} خواستید.)",
    "{exercise}: every listed case passes, but your answer does not yet give the right output "
    "on every case the course has, so its reference answer stays locked. Read the rules in "
    "the hints again.":
        "`{exercise}`: همهٔ موردهای فهرست‌شده درست است، اما پاسخ شما هنوز در همهٔ موردهای درس "
        "خروجی درست نمی‌دهد، پس پاسخ مرجع قفل می‌ماند. قاعده‌های راهنماها را دوباره بخوانید.",
    "{exercise}: not every check has passed yet ({checks}). Trying a little longer is worth "
    "it: each ✘ says why, and Hint opens a hint step by step.":
        "`{exercise}`: هنوز همهٔ بررسی‌ها قبول نشده است ({checks}). کمی بیشتر تلاش کردن "
        "می‌ارزد: هر ✘ دلیلش را می‌گوید و «راهنما» راهنمایی را گام‌به‌گام باز می‌کند.",
    "To see the reference answer anyway (noted as seen before passing): "
    "`solution(\"{exercise}\", confirm=True)`":
        "برای دیدن پاسخ مرجع به هر حال (با ثبت «دیده‌شده پیش از قبولی»): "
        "`solution(\"{exercise}\", confirm=True)`",
    "Show me anyway…": "به هر حال نشان بده…",
    "Yes, show it": "بله، نشان بده",
    "No, I keep trying": "نه، باز تلاش می‌کنم",
    "Sure? You will see the reference answer before your answer solves the exercise, and your "
    "progress will say so.":
        "مطمئنید؟ پاسخ مرجع را پیش از آنکه پاسخ شما تمرین را حل کند می‌بینید، و این در "
        "پیشرفت شما ثبت می‌شود.",
    "after passing": "پس از قبولی",
    "before passing": "پیش از قبولی",
    # --- the progress page and `agentloop progress` (agentloop.practice.tracking) ---
    "{passed} of {total} checks passed, {tried} tried, {not_started} not started; {solved} of "
    "{exercises} exercises solved":
        "{passed} بررسی از {total} قبول، {tried} تلاش‌شده، {not_started} شروع‌نشده؛ {solved} "
        "تمرین از {exercises} حل‌شده",
    "passed": "قبول",
    "tried": "تلاش‌شده",
    "not started": "شروع‌نشده",
    "No exercises found: this is not a practice workspace (run ./course lab once).":
        "تمرینی پیدا نشد: این پوشهٔ تمرین درس نیست (یک بار ./course lab را اجرا کنید).",
    "Your progress: {summary}": "پیشرفت شما: {summary}",
    "(solution seen {when})": "(راه‌حل دیده‌شده {when})",
    "{exercise} solved": "`{exercise}` حل شد",
    "Your progress:": "پیشرفت شما:",
    "status": "وضعیت",
    "check": "بررسی",
    "what it checks": "چه چیزی را بررسی می‌کند",
    "exercise": "تمرین",
    "solution": "راه‌حل",
    "solved": "حل‌شده",
    "seen {when}": "دیده‌شده {when}",
    # --- the start page (agentloop.practice.start) ---
    "Start here": "از اینجا شروع کنید",
    "This is your own copy of the course: five chapters on how an AI agent loop works, each "
    "with a few exercises. It runs on your computer, or in your browser, and sends nothing "
    "anywhere.":
        "این نسخهٔ خودِ شما از درس است: پنج فصل دربارهٔ اینکه حلقهٔ عامل هوش مصنوعی چگونه "
        "کار می‌کند، هر کدام با چند تمرین. روی رایانهٔ شما یا در مرورگرتان اجرا می‌شود و چیزی "
        "به هیچ جا نمی‌فرستد.",
    "The chapters": "فصل‌ها",
    "Your progress": "پیشرفت شما",
    "[Your progress]({page}) lists every exercise of every chapter: passed, tried or not "
    "started, and ★ solved. It fills itself in when you open it. Under every check, a bar "
    "shows how far you are in that chapter.":
        "صفحهٔ [«پیشرفت شما»]({page}) همهٔ تمرین‌های همهٔ فصل‌ها را فهرست می‌کند: قبول، "
        "تلاش‌شده یا شروع‌نشده، و ★ حل‌شده. وقتی بازش کنید خودش پر می‌شود. زیر هر بررسی، "
        "نواری نشان می‌دهد در آن فصل تا کجا پیش رفته‌اید.",
    "How an exercise works": "یک تمرین چگونه پیش می‌رود",
    "Write your code in the answer cell, in place of `raise NotImplementedError()`.":
        "کدتان را در سلول پاسخ، به جای `raise NotImplementedError()`، بنویسید.",
    "Run the check cell below it (Shift+Enter). It lists the rules your answer must follow, ✔ "
    "or ✘, with each failing case under its rule. An answer not written yet gets one calm "
    "line: not answered yet.":
        "سلول بررسی زیر آن را اجرا کنید (Shift+Enter). قاعده‌هایی را که پاسخ باید رعایت کند با "
        "✔ یا ✘ فهرست می‌کند و هر موردِ نادرست را زیر قاعده‌اش می‌آورد. پاسخی که هنوز نوشته "
        "نشده یک خط آرام می‌گیرد: هنوز پاسخی نوشته نشده است.",
    "Stuck? After your first try, **Hint** under the check opens a hint, one step at a time; a "
    "run that fails opens the next step too. The last step is a nudge, never the answer.":
        "گیر کرده‌اید؟ پس از نخستین تلاش، **«راهنما»** زیر بررسی، راهنمایی را گام‌به‌گام باز "
        "می‌کند؛ هر اجرای ناموفق هم گام بعدی را باز می‌کند. گام آخر فقط تلنگری است، هرگز خودِ "
        "پاسخ نیست.",
    "Once every check of an exercise passes, your answer is also tried on cases you have not "
    "seen. If it is right there too, the exercise is ★ solved, and **Solution** shows the "
    "course's answer next to yours.":
        "وقتی همهٔ بررسی‌های یک تمرین قبول شد، پاسخ شما روی موردهایی هم که ندیده‌اید آزموده "
        "می‌شود. اگر آنجا هم درست باشد، تمرین ★ حل‌شده است و **«راه‌حل»** پاسخ درس را کنار "
        "پاسخ شما نشان می‌دهد.",
    "Before that, **Solution (locked)** asks you first. If you look anyway, your progress says "
    "so (seen before passing): trying a little longer is usually worth it.":
        "پیش از آن، **«راه‌حل (قفل)»** اول از شما می‌پرسد. اگر به هر حال نگاه کنید، در "
        "پیشرفتتان ثبت می‌شود (دیده‌شده پیش از قبولی): معمولاً کمی بیشتر تلاش کردن می‌ارزد.",
    # --- the progress page's text (agentloop_grader.learner_release) ---
    "Every exercise of every chapter, with the state of each of its checks: **passed** (the "
    "latest run of the check passed), **tried** (you ran it on an answer of yours and some "
    "case failed) or **not started**. Every `check(\"…\")` you run in a chapter updates it; "
    "this page fills itself in when you open it, or run the cell below again. In a terminal, "
    "`agentloop progress` prints the same.":
        "همهٔ تمرین‌های همهٔ فصل‌ها، با وضعیت هر یک از بررسی‌هایشان: **قبول** (آخرین اجرای "
        "بررسی قبول شد)، **تلاش‌شده** (آن را روی پاسخ خودتان اجرا کردید و موردی نادرست بود) یا "
        "**شروع‌نشده**. هر `check(\"…\")` که در فصلی اجرا کنید این صفحه را به‌روز می‌کند؛ وقتی "
        "بازش کنید خودش پر می‌شود، یا سلول زیر را دوباره اجرا کنید. در ترمینال، "
        "`agentloop progress` همین را چاپ می‌کند.",
    "An exercise is **★ solved** when all its checks pass *and* your answer also gives the "
    "right output on cases you have not seen. Then **Solution** under its check (or "
    "`solution(\"<exercise id>\")`) shows the course's answer next to yours; before that it "
    "asks you first, and your progress notes that you looked.":
        "تمرینی **★ حل‌شده** است که همهٔ بررسی‌هایش قبول شود *و* پاسخ شما روی موردهایی که "
        "ندیده‌اید هم خروجی درست بدهد. آن‌گاه **«راه‌حل»** زیر بررسی‌اش (یا "
        "`solution(\"<exercise id>\")`) پاسخ درس را کنار پاسخ شما نشان می‌دهد؛ پیش از آن، اول "
        "از شما می‌پرسد و در پیشرفتتان ثبت می‌شود که نگاه کرده‌اید.",
    "Good to know": "خوب است بدانید",
    "Run All (the Run menu) runs a whole chapter, blank exercises included.":
        "Run All (در منوی Run) همهٔ فصل را اجرا می‌کند، تمرین‌های خالی هم.",
    "Your work is yours: save it as you go; an update of the course never overwrites it.":
        "کار شما مال خودتان است: در حین کار ذخیره‌اش کنید؛ به‌روزرسانی درس هرگز آن را بازنویسی "
        "نمی‌کند.",
    "A widget needs its cell run again after a restart: until then it shows its text.":
        "پس از راه‌اندازی دوباره، ابزارک نیاز دارد سلولش دوباره اجرا شود: تا آن وقت متنش را "
        "نشان می‌دهد.",
    # --- chapter 1's hints, step by step (agentloop.checks.ch1.HINTS) ---
    "A failed read is judged before anything else, by three rules in a fixed order: the "
    "`retryable` mark, then the failure count, then the step limit.":
        "خواندن ناموفق پیش از هر چیز دیگر سنجیده می‌شود، با سه قاعده به ترتیبی ثابت: اول "
        "نشانِ `retryable`، سپس شمار شکست‌ها، سپس سقف مرحله‌ها.",
    "`retryable: false` is `error` at once, even with a retry left and even on the last step; "
    "a failure without the field, or with `true`, is `error` only once failures > "
    "max_retries.":
        "`retryable: false` بی‌درنگ `error` است، حتی اگر تلاش دوباره‌ای مانده باشد و حتی در "
        "آخرین مرحله؛ شکستِ بی‌این فیلد یا با `true` فقط وقتی `error` است که "
        "`failures > max_retries`.",
    "Only a failure that neither rule ends meets the step limit. Take the first ✘ case and "
    "walk it through your code by hand, line by line: which rule answers first?":
        "فقط شکستی که هیچ‌یک از این دو قاعده پایانش نداده به سقف مرحله‌ها می‌رسد. نخستین "
        "مورد ✘ را بردارید و دستی، خط‌به‌خط، از کدتان بگذرانید: کدام قاعده اول پاسخ می‌دهد؟",
    "A read that worked is judged by whether its search is finished: `search_complete` true, "
    "or missing, means finished.":
        "خواندن موفق با این سنجیده می‌شود که جست‌وجویش کامل شده یا نه: `search_complete` "
        "برابر `true` یا نبودِ این فیلد یعنی کامل.",
    "A finished search is judged by its different cards, even on the last step: the same card "
    "listed twice is one card.":
        "جست‌وجوی کامل با کارت‌های متمایزش سنجیده می‌شود، حتی در آخرین مرحله: یک کارت که دو "
        "بار آمده، یک کارت است.",
    "Only an unfinished search meets the step limit. For the first ✘ case, print how many "
    "different cards it has and whether its search is finished, then read the rule again.":
        "سقف مرحله‌ها فقط به جست‌وجوی ناتمام می‌رسد. برای نخستین مورد ✘ چاپ کنید چند کارت "
        "متمایز دارد و جست‌وجویش کامل است یا نه، سپس قاعده را دوباره بخوانید.",
    "These cases have the observation, counters and limits of cases you already pass, with "
    "another `state['scenario']`.":
        "این موردها همان مشاهده، شمارنده‌ها و سقف‌های موردهایی را دارند که اکنون درست "
        "درمی‌آیند، با `state['scenario']` دیگری.",
    "The decision comes from the observation, `steps`, `failures`, `max_steps` and "
    "`max_retries` alone.":
        "تصمیم فقط از مشاهده، `steps`، `failures`، `max_steps` و `max_retries` می‌آید.",
    "Look through your code for every place it reads the scenario's name.":
        "در کدتان هر جایی را که نام سناریو خوانده می‌شود پیدا کنید.",
    "First the form: every run answered with a pair (terminal, step), on a step the run can "
    "end on.":
        "اول شکل پاسخ: برای هر اجرا یک جفت (حالت پایانی، مرحله)، در مرحله‌ای که اجرا واقعاً "
        "می‌تواند در آن پایان یابد.",
    "Play a run on paper, one observation a step: add 1 to `steps` (and to `failures` after a "
    "failed read), then let the revised rules decide; the first terminal ends the run.":
        "یک اجرا را روی کاغذ پیش ببرید، هر مرحله یک مشاهده: ۱ به `steps` بیفزایید (و پس از "
        "خواندن ناموفق به `failures`)، سپس بگذارید قاعده‌های بازنگری‌شده تصمیم بگیرند؛ "
        "نخستین حالت پایانی اجرا را تمام می‌کند.",
    "Check your table with your own `decide` from exercise 1, run by run: the library's "
    "`decide` follows the first policy and gives other answers.":
        "جدولتان را با `decide` خودتان از تمرین ۱، اجرا به اجرا، بیازمایید: `decide` "
        "کتابخانه از سیاست نخست پیروی می‌کند و پاسخ‌های دیگری می‌دهد.",
    "Each terminal has its own row of must and must-not in the chapter's table; the ✘ line "
    "names the rule your message breaks.":
        "هر حالت پایانی در جدول فصل ردیفِ «باید» و «نباید» خودش را دارد؛ خط ✘ قاعده‌ای را "
        "نام می‌برد که پیام شما می‌شکند.",
    "Every message says how many actions the run used, as a number, and no number that is not "
    "one of the run's counts or limits.":
        "هر پیام با یک عدد می‌گوید اجرا چند کنش به کار برد، و هیچ عددی نمی‌آورد که از "
        "شمارنده‌ها یا سقف‌های اجرا نباشد.",
    "Take the cards and the error text from `state['observation']`, each different card once, "
    "then read your message for the ✘ case against its row of the table.":
        "کارت‌ها و متن خطا را از `state['observation']` بگیرید، هر کارت متمایز یک بار، سپس "
        "پیامتان را برای مورد ✘ با ردیف آن در جدول بسنجید. پیام را به انگلیسی بنویسید: "
        "قاعده‌های بررسی واژه‌های انگلیسی را می‌خوانند.",
    # === chapter 2 (agentloop.checks.ch2, agentloop_grader.answers.ch2) ===
    # --- chapter 2's checks: hints, step by step (agentloop.checks.ch2.HINTS) ---
    "The rules run in the lesson's order and the first one that fails gives the code: each ✘ line "
    "says which code the case expects and which one you gave.":
        "قاعده‌ها به ترتیبِ درس اجرا می‌شوند و نخستین قاعده‌ای که شکسته شود کد را "
        "تعیین می‌کند: هر خطِ ✘ می‌گوید مورد چه کدی را انتظار دارد و شما کدام را دادید.",
    "The two new rules have their places: `why` (a text of 1 to 200 characters, not an extra "
    "field) comes after the fields are known to be right and before the tool is looked up; "
    "`last_step` comes after every other rule of a tool call.":
        "دو قاعدهٔ تازه جای خودشان را دارند: `why` (متنی ۱ تا ۲۰۰ نویسه‌ای، نه یک فیلدِ "
        "اضافه) پس از آنکه درستیِ فیلدها روشن شد و پیش از جست‌وجوی ابزار می‌آید؛ "
        "`last_step` پس از همهٔ قاعده‌های دیگرِ فراخوانیِ ابزار.",
    "Take the first ✘ case and find which of your checks answers first on it. A value of any type "
    "must never crash your code: look at a value's type before its length or size, and remember "
    "that `True` is not an int.":
        "نخستین مورد ✘ را بردارید و ببینید کدام‌یک از بررسی‌هایتان اول به آن پاسخ "
        "می‌دهد. مقداری از هر نوعی هرگز نباید کدتان را از کار بیندازد: پیش از طول یا اندازهٔ "
        "یک مقدار به نوعش نگاه کنید، و به یاد داشته باشید که `True` یک `int` نیست.",
    "These cases weigh the run: the requested key (scope), the steps left, and what was observed.":
        "این موردها اجرا را در نظر می‌گیرند: کلیدِ خواسته‌شده (دامنه)، مرحله‌های "
        "باقی‌مانده، و آنچه مشاهده شد.",
    "A tool call that would use the run's last step is `last_step`, but only once every other "
    "rule of a tool call passed, scope included; a final answer may use the last step.":
        "فراخوانیِ ابزاری که آخرین مرحلهٔ اجرا را مصرف کند `last_step` است، اما فقط وقتی همهٔ "
        "قاعده‌های دیگرِ فراخوانیِ ابزار، دامنه هم، گذشته باشند؛ پاسخ نهایی می‌تواند "
        "آخرین مرحله را مصرف کند.",
    "A final answer needs an observation and must equal the last result exactly, `None` included. "
    "For the arbitrary dicts: whatever you are given, return `None` or raise `ProposalRejected` — "
    "never another exception.":
        "پاسخ نهایی به یک مشاهده نیاز دارد و باید دقیقاً با آخرین نتیجه برابر باشد، `None` هم. "
        "برای دیکشنری‌های دلخواه: هر چه به شما داده شود، `None` برگردانید یا "
        "`ProposalRejected` را برانگیزید — هرگز استثنای دیگری.",
    "The controller checks every proposal against your tool's schema before the tool runs: the "
    "check hands it bad limits and expects the controller to refuse them.":
        "کنترل‌گر هر پیشنهاد را پیش از اجرای ابزار با اسکیمای ابزارِ شما می‌سنجد: بررسی "
        "مقدارهای بدی برای `limit` به آن می‌دهد و انتظار دارد کنترل‌گر ردشان کند.",
    "So the type and both bounds of `limit` belong in the schema; a check inside your function "
    "comes too late for the controller.":
        "پس نوع و هر دو حدِ `limit` جایشان در اسکیماست؛ بررسی‌ای درون تابعِ شما برای "
        "کنترل‌گر دیر می‌رسد.",
    "Your tool must use the catalogue `add_list_keys` was given. Try it on a small catalogue of "
    "your own with a limit of 1, then with the largest limit allowed.":
        "ابزارِ شما باید همان کاتالوگی را به کار ببرد که به `add_list_keys` داده شد. آن را روی "
        "کاتالوگِ کوچکی از خودتان با `limit` برابر ۱، سپس با بزرگ‌ترین `limit`ِ مجاز، امتحان "
        "کنید.",
    "A planner proposes one step at a time: what it proposes depends on whether anything was "
    "observed yet.":
        "برنامه‌ریز هر بار یک مرحله پیشنهاد می‌دهد: آنچه پیشنهاد می‌دهد به این "
        "بستگی دارد که تا حالا چیزی مشاهده شده یا نه.",
    "Nothing observed yet: the cards say which tools this desk has, and the card of `top_topics` "
    "says how many topics it shows at once.":
        "هنوز چیزی مشاهده نشده: کارت‌ها می‌گویند این میز چه ابزارهایی دارد، و کارتِ "
        "`top_topics` می‌گوید هم‌زمان چند موضوع نشان می‌دهد.",
    "Something observed: a final answer must equal the last result exactly, whatever it is. Print "
    "the proposals your planner makes on the ✘ desk, one step at a time.":
        "چیزی مشاهده شده: پاسخ نهایی باید دقیقاً با آخرین نتیجه برابر باشد، هر چه باشد. "
        "پیشنهادهایی را که برنامه‌ریزتان روی میزِ ✘ می‌دهد، مرحله به مرحله، چاپ کنید.",
    # --- chapter 2's checks: titles and what each case tests (agentloop.checks.ch2) ---
    "validate_proposal() refuses a malformed proposal (revised rules)":
        "`validate_proposal()` پیشنهادِ بدشکل را رد می‌کند (قاعده‌های بازنگری‌شده)",
    "In order: a dict; type tool/final; exactly the fields of that type (plus an optional why); "
    "why a text of 1 to 200 characters; a registered tool; args a dict; its arguments (missing, "
    "extra, type and bounds); scope; the last step; then a final answer needs an observation and "
    "must equal the last result.":
        "به ترتیب: یک دیکشنری؛ نوعِ `tool`/`final`؛ دقیقاً فیلدهای آن نوع (به‌علاوهٔ یک "
        "`why`ِ اختیاری)؛ `why` متنی ۱ تا ۲۰۰ نویسه‌ای؛ ابزاری ثبت‌شده؛ `args` یک "
        "دیکشنری؛ آرگومان‌هایش (جاافتاده، اضافه، نوع و حدها)؛ دامنه؛ آخرین مرحله؛ سپس پاسخ "
        "نهایی به یک مشاهده نیاز دارد و باید با آخرین نتیجه برابر باشد.",
    "accepted: a valid proposal returns None": "پذیرفته: پیشنهادِ معتبر `None` برمی‌گرداند",
    "not_a_dict: the proposal is not a dict (JSON text is not one either)":
        "`not_a_dict`: پیشنهاد دیکشنری نیست (متنِ JSON هم دیکشنری نیست)",
    "unknown_type: type is missing or not 'tool' / 'final'":
        "`unknown_type`: `type` نیست، یا نه `'tool'` است و نه `'final'`",
    "missing_field: a field of that type is absent": "`missing_field`: یکی از فیلدهای آن نوع نیست",
    "extra_field: a field that type does not have (why is allowed)":
        "`extra_field`: فیلدی که آن نوع ندارد (`why` مجاز است)",
    "bad_field: why is not a text of 1 to 200 characters":
        "`bad_field`: `why` متنی ۱ تا ۲۰۰ نویسه‌ای نیست",
    "unknown_tool: name is not a registered tool": "`unknown_tool`: `name` ابزارِ ثبت‌شده‌ای نیست",
    "bad_argument: args is not a dict, or a value has the wrong type or bounds":
        "`bad_argument`: `args` دیکشنری نیست، یا نوع یا حدهای یک مقدار نادرست است",
    "missing_argument: an argument of the schema is absent":
        "`missing_argument`: یکی از آرگومان‌های اسکیما نیست",
    "extra_argument: an argument the schema does not have":
        "`extra_argument`: آرگومانی که اسکیما ندارد",
    "out_of_scope: a scoped argument is not the requested key":
        "`out_of_scope`: آرگومانِ محدود به دامنه کلیدِ خواسته‌شده نیست",
    "last_step: a tool call that would use the run's last step":
        "`last_step`: فراخوانیِ ابزاری که آخرین مرحلهٔ اجرا را مصرف می‌کند",
    "final_without_observation: a final answer before any tool ran":
        "`final_without_observation`: پاسخ نهایی پیش از آنکه هیچ ابزاری اجرا شده باشد",
    "final_mismatch: the answer differs from the last tool result":
        "`final_mismatch`: پاسخ با آخرین نتیجهٔ ابزار فرق دارد",
    "an arbitrary dict: refused with one of the codes, or accepted only if valid":
        "یک دیکشنریِ دلخواه: با یکی از کدها رد می‌شود، یا فقط اگر معتبر باشد پذیرفته "
        "می‌شود",
    "a well-formed lookup of the requested key → accepted":
        "جست‌وجوی خوش‌ساختِ کلیدِ خواسته‌شده ← پذیرفته",
    "JSON text, not a dict → not_a_dict": "متنِ JSON، نه دیکشنری ← `not_a_dict`",
    "type 'shell' → unknown_type": "نوعِ `'shell'` ← `unknown_type`",
    "type ['tool'], a list → unknown_type": "نوعِ `['tool']`، یک فهرست ← `unknown_type`",
    "no args → missing_field": "بی `args` ← `missing_field`",
    "an extra 'reason' field → extra_field": "یک فیلدِ اضافهٔ `'reason'` ← `extra_field`",
    "a lookup with a short why note → accepted": "جست‌وجویی با یادداشتِ کوتاهِ `why` ← پذیرفته",
    "a final answer with a why note → accepted": "پاسخ نهایی با یادداشتِ `why` ← پذیرفته",
    "why is 42, not a text → bad_field": "`why` برابر `42` است، نه یک متن ← `bad_field`",
    "an empty why → bad_field": "`why`ِ خالی ← `bad_field`",
    "a why of 201 characters → bad_field": "`why`ِ ۲۰۱ نویسه‌ای ← `bad_field`",
    "a why of exactly 200 characters → accepted": "`why`ِ دقیقاً ۲۰۰ نویسه‌ای ← پذیرفته",
    "an extra field and a bad why → extra_field (fields first)":
        "یک فیلدِ اضافه و یک `why`ِ بد ← `extra_field` (اول فیلدها)",
    "a bad why and a bad key → bad_field (the note first)":
        "یک `why`ِ بد و یک کلیدِ بد ← `bad_field` (اول یادداشت)",
    "tool 'python' with why a list → bad_field (the note before the tool)":
        "ابزارِ `'python'` با `why`ی که فهرست است ← `bad_field` (یادداشت پیش از ابزار)",
    "tool 'python' → unknown_tool": "ابزارِ `'python'` ← `unknown_tool`",
    "no key → missing_argument": "بی `key` ← `missing_argument`",
    "args {'k': 'ai'} → missing_argument (missing before extra)":
        "`args` برابر `{'k': 'ai'}` ← `missing_argument` (جاافتاده پیش از اضافه)",
    "an extra limit → extra_argument": "یک `limit`ِ اضافه ← `extra_argument`",
    "args a list → bad_argument": "`args` یک فهرست ← `bad_argument`",
    "key 42, not a str → bad_argument": "کلیدِ `42`، نه یک `str` ← `bad_argument`",
    "a 40-character key → bad_argument": "کلیدی ۴۰ نویسه‌ای ← `bad_argument`",
    "top_topics with count 2 → accepted": "`top_topics` با `count` برابر ۲ ← پذیرفته",
    "count True (a bool, not an int) → bad_argument":
        "`count` برابر `True` (یک `bool`، نه یک `int`) ← `bad_argument`",
    "count 4, above the maximum 3 → bad_argument":
        "`count` برابر ۴، بالاتر از بیشینهٔ ۳ ← `bad_argument`",
    "a final proposal without an answer → missing_field":
        "پیشنهادِ `final` بی `answer` ← `missing_field`",
    "validate_proposal() weighs scope, the budget and final answers (revised rules)":
        "`validate_proposal()` دامنه، بودجه و پاسخ‌های نهایی را می‌سنجد (قاعده‌های "
        "بازنگری‌شده)",
    "A scoped argument must equal state['key']; a tool call needs a step left after it "
    "(state['steps'] + 1 < state['max_steps']); a final answer needs an observation and must "
    "equal state['observations'][-1]['result'] (None included).":
        "آرگومانِ محدود به دامنه باید برابرِ `state['key']` باشد؛ فراخوانیِ ابزار به "
        "مرحله\u200cای باقی\u200cمانده پس از خودش نیاز دارد (`state['steps'] + 1 < "
        "state['max_steps']`)؛ پاسخ نهایی به یک مشاهده نیاز دارد و باید برابرِ "
        "`state['observations'][-1]['result']` باشد (`None` هم).",
    "lookup 'design' when asked about 'ai' → out_of_scope":
        "جست\u200cوجوی `'design'` وقتی دربارهٔ `'ai'` پرسیده شده ← `out_of_scope`",
    "top_topics of another key → out_of_scope": "`top_topics`ِ کلیدی دیگر ← `out_of_scope`",
    "a final answer before any lookup → final_without_observation":
        "پاسخ نهایی پیش از هر جست‌وجو ← `final_without_observation`",
    "an answer that is not the observed record → final_mismatch":
        "پاسخی که همان رکوردِ مشاهده‌شده نیست ← `final_mismatch`",
    "answering None after a record was found → final_mismatch":
        "پاسخِ `None` پس از آنکه رکوردی پیدا شد ← `final_mismatch`",
    "the observed record as the answer → accepted": "رکوردِ مشاهده‌شده به‌عنوان پاسخ ← پذیرفته",
    "None after the lookup found nothing → accepted":
        "`None` پس از آنکه جست‌وجو چیزی پیدا نکرد ← پذیرفته",
    "a second lookup with two steps left → accepted": "جست‌وجوی دوم وقتی دو مرحله مانده ← پذیرفته",
    "a lookup in a run of one step → last_step": "جست‌وجو در اجرایی یک‌مرحله‌ای ← `last_step`",
    "a lookup on step 2 of 2 → last_step": "جست‌وجو در مرحلهٔ ۲ از ۲ ← `last_step`",
    "another key on the last step → out_of_scope (scope first)":
        "کلیدی دیگر در آخرین مرحله ← `out_of_scope` (اول دامنه)",
    "a bad key on the last step → bad_argument": "کلیدی بد در آخرین مرحله ← `bad_argument`",
    "a final answer on the last step → accepted": "پاسخ نهایی در آخرین مرحله ← پذیرفته",
    "an arbitrary dict → any of the codes": "یک دیکشنریِ دلخواه ← هر یک از کدها",
    "register list_keys: it runs, and bad arguments are still refused":
        "`list_keys` را ثبت کنید: اجرا می‌شود، و آرگومان‌های بد همچنان رد می‌شوند",
    "The controller refuses only what the schema forbids, so the bounds of limit belong in the "
    "args schema; run gets the catalogue your function was given.":
        "کنترل‌گر فقط آنچه را اسکیما ممنوع کرده رد می‌کند، پس حدهای `limit` جایشان در "
        "اسکیمای `args` است؛ `run` همان کاتالوگی را می‌گیرد که به تابعِ شما داده شد.",
    "a good limit runs: the catalogue's keys, sorted, at most limit of them":
        "`limit`ِ خوب اجرا می‌شود: کلیدهای کاتالوگ، مرتب‌شده، حداکثر `limit` تا",
    "a bad limit (out of 1–10, not an int, a bool) is refused by the controller":
        "`limit`ِ بد (بیرون از ۱ تا ۱۰، نه `int`، یک `bool`) را کنترل‌گر رد می‌کند",
    "a missing or an extra argument is refused by the controller":
        "آرگومانِ جاافتاده یا اضافه را کنترل‌گر رد می‌کند",
    "lookup keeps working next to list_keys": "`lookup` کنارِ `list_keys` همچنان کار می‌کند",
    "limit 10 → ['ai', 'design']": "`limit` برابر ۱۰ ← `['ai', 'design']`",
    "limit 1 → ['ai']": "`limit` برابر ۱ ← `['ai']`",
    "another catalogue, limit 3 → its first 3 keys in order":
        "کاتالوگی دیگر، `limit` برابر ۳ ← سه کلیدِ نخستش به ترتیب",
    "limit 0 → refused (bad_argument)": "`limit` برابر ۰ ← رد (`bad_argument`)",
    "limit 11 → refused (bad_argument)": "`limit` برابر ۱۱ ← رد (`bad_argument`)",
    "limit '2', a str → refused (bad_argument)":
        "`limit` برابر `'2'`، یک `str` ← رد (`bad_argument`)",
    "limit True, a bool → refused (bad_argument)":
        "`limit` برابر `True`، یک `bool` ← رد (`bad_argument`)",
    "no limit → refused (missing_argument)": "بی `limit` ← رد (`missing_argument`)",
    "an extra prefix → refused (extra_argument)": "یک `prefix`ِ اضافه ← رد (`extra_argument`)",
    "lookup still works next to it": "`lookup` کنارِ آن همچنان کار می‌کند",
    "a planner that reads the tool cards and answers 'which topics?' honestly":
        "برنامه‌ریزی که کارت‌های ابزار را می‌خواند و به «چه موضوع‌هایی؟» "
        "صادقانه پاسخ می‌دهد",
    "Nothing observed yet → look for the card named top_topics: propose it for state['key'] with "
    "its count's maximum (card['args']['count']['maximum']); no such card → propose lookup. "
    "Otherwise finish with the last result, whatever it is.":
        "هنوز چیزی مشاهده نشده ← کارتی به نامِ `top_topics` را بجویید: آن را برای `state['key']` "
        "با بیشینهٔ `count`ش (`card['args']['count']['maximum']`) پیشنهاد دهید؛ چنین کارتی نیست ← "
        "`lookup` را پیشنهاد دهید. وگرنه کار را با آخرین نتیجه تمام کنید، هر چه باشد.",
    "a desk with top_topics → done, with the topics for the largest count its card allows":
        "میزی با `top_topics` ← `done`، با موضوع‌ها برای بزرگ‌ترین `count`ی که کارتش "
        "اجازه می‌دهد",
    "a desk with lookup only → done, with the record as observed":
        "میزی که فقط `lookup` دارد ← `done`، با رکورد همان‌طور که مشاهده شد",
    "a course not in the catalogue → unknown, answer None":
        "درسی که در کاتالوگ نیست ← `unknown`، پاسخ `None`",
    "one step: the tool runs, no step is left to finish → stopped":
        "یک مرحله: ابزار اجرا می‌شود، مرحله‌ای برای تمام کردن نمی‌ماند ← `stopped`",
    "'ai', top_topics up to 3 → done, ['goals', 'tools', 'checks']":
        "`'ai'`، `top_topics` تا ۳ ← `done`، `['goals', 'tools', 'checks']`",
    "'design' with 2 steps → done": "`'design'` با ۲ مرحله ← `done`",
    "a desk whose top_topics shows at most 2 → done, ['goals', 'tools']":
        "میزی که `top_topics`ش حداکثر ۲ تا نشان می\u200cدهد ← `done`، `['goals', 'tools']`",
    "another catalogue, top_topics up to 5 and its card first → done, all 4 of art's topics":
        "کاتالوگی دیگر، `top_topics` تا ۵ و کارتش اول ← `done`، هر ۴ موضوعِ `art`",
    "another catalogue: 'art' → done, its first 3 topics":
        "کاتالوگی دیگر: `'art'` ← `done`، سه موضوعِ نخستش",
    "a desk with lookup only → done, the whole record":
        "میزی که فقط `lookup` دارد ← `done`، کلِ رکورد",
    "'robotics' → unknown, answer None": "`'robotics'` ← `unknown`، پاسخ `None`",
    "'robotics' on a desk with lookup only → unknown":
        "`'robotics'` روی میزی که فقط `lookup` دارد ← `unknown`",
    "'AI' is not 'ai': the key as asked → unknown":
        "`'AI'` همان `'ai'` نیست: کلید همان\u200cطور که پرسیده شد ← `unknown`",
    "'ai' with 1 step → stopped (no step left to finish)":
        "`'ai'` با ۱ مرحله ← `stopped` (مرحله\u200cای برای تمام کردن نمانده)",
    "lookup only, 1 step → stopped": "فقط `lookup`، ۱ مرحله ← `stopped`",
    # --- the cases only the grader adds (agentloop_grader.answers.ch2) ---
    "generated {kind} {number}": "`{kind}`ِ ساخته‌شدهٔ {number}",
    "arbitrary proposal {number}": "پیشنهادِ دلخواهِ {number}",
    "generated catalogue {number}": "کاتالوگِ ساخته‌شدهٔ {number}",
    "generated run {number}": "اجرای ساخته‌شدهٔ {number}",
    "generated run {number}: another key": "اجرای ساخته‌شدهٔ {number}: کلیدی دیگر",
    "generated run {number}: top_topics of another key":
        "اجرای ساخته‌شدهٔ {number}: `top_topics`ِ کلیدی دیگر",
    "generated run {number}: final first": "اجرای ساخته‌شدهٔ {number}: اول پاسخ نهایی",
    "generated run {number}: a final that is not the result":
        "اجرای ساخته‌شدهٔ {number}: پاسخ نهایی‌ای که همان نتیجه نیست",
    "generated run {number}: the result as the final":
        "اجرای ساخته‌شدهٔ {number}: نتیجه به‌عنوان پاسخ نهایی",
    "generated run {number}: a repeat lookup, steps left":
        "اجرای ساخته‌شدهٔ {number}: جست‌وجوی تکراری، با مرحله‌های باقی‌مانده",
    "generated run {number}: a lookup on step {step} of {last}":
        "اجرای ساخته‌شدهٔ {number}: جست‌وجو در مرحلهٔ {step} از {last}",
    "generated run {number}: top_topics on the last step":
        "اجرای ساخته‌شدهٔ {number}: `top_topics` در آخرین مرحله",
    "generated run {number}: another key on the last step":
        "اجرای ساخته‌شدهٔ {number}: کلیدی دیگر در آخرین مرحله",
    "generated run {number}: a bad key on the last step":
        "اجرای ساخته‌شدهٔ {number}: کلیدی بد در آخرین مرحله",
    "generated run {number}: a final on the last step":
        "اجرای ساخته‌شدهٔ {number}: پاسخ نهایی در آخرین مرحله",
    # --- why a chapter 2 answer is wrong (agentloop.checks.ch2) ---
    "return None to accept a proposal (raise ProposalRejected to refuse it)":
        "برای پذیرفتنِ پیشنهاد `None` برگردانید (برای رد کردنش `ProposalRejected` را برانگیزید)",
    "accepted it; expected a rejection ({expected})": "پذیرفتیدش؛ رد انتظار می‌رفت (`{expected}`)",
    "rejected a valid proposal with {code}": "پیشنهادی معتبر را با `{code}` رد کردید",
    "a rejection needs a reason a person can read": "رد کردن دلیلی می‌خواهد که آدم بتواند بخواند",
    "{code} is not one of the chapter's codes ({codes})":
        "`{code}` یکی از کدهای این فصل نیست (`{codes}`)",
    "rejected with {code}; expected {expected}": "با `{code}` رد شد؛ `{expected}` انتظار می‌رفت",
    "no tool named {tool} is in the registry after your function ran":
        "پس از اجرای تابعِ شما، ابزاری به نامِ `{tool}` در رجیستری نیست",
    "give {tool} a description a model could read (a sentence)":
        "به `{tool}` توضیحی بدهید که مدل بتواند بخواند (یک جمله)",
    "the tool's card is not a valid tool definition: {problem}":
        "کارتِ ابزار تعریفِ معتبری از یک ابزار نیست: {problem}",
    "with your schema the controller would run it; it should refuse it with {expected}: check the "
    "schema":
        "با اسکیمای شما کنترل‌گر اجرایش می‌کرد؛ باید با `{expected}` ردش کند: اسکیما را "
        "بررسی کنید",
    "the controller refuses it with {code}; expected {expected}":
        "کنترل‌گر آن را با `{code}` رد می‌کند؛ `{expected}` انتظار می‌رفت",
    "the controller refuses it with {code} under your schema; it should run":
        "کنترل‌گر با اسکیمای شما آن را با `{code}` رد می‌کند؛ باید اجرا شود",
    "the tool did not run": "ابزار اجرا نشد",
    "the call returned {result}; expected {expected}":
        "فراخوانی `{result}` برگرداند؛ `{expected}` انتظار می‌رفت",
    "the run needed proposal {number} but the planner made {count}":
        "اجرا به پیشنهادِ {number} نیاز داشت اما برنامه‌ریز {count} پیشنهاد داد",
    "the controller refused proposal {number} ({proposal}): {problem}":
        "کنترل‌گر پیشنهادِ {number} (`{proposal}`) را رد کرد: {problem}",
    "the run used {number} proposals but the planner made {count}":
        "اجرا {number} پیشنهاد به کار برد اما برنامه‌ریز {count} پیشنهاد داد",
    "the planner made no proposals": "برنامه‌ریز هیچ پیشنهادی نداد",
    "status {status}; expected {expected}": "سرانجامِ `{status}`؛ `{expected}` انتظار می‌رفت",
    "answer {answer}; expected {expected}": "پاسخِ `{answer}`؛ `{expected}` انتظار می‌رفت",
    # === chapter 3 (agentloop.checks.ch3, agentloop_grader.answers.ch3) ===
    # --- chapter 3's checks: hints, step by step (agentloop.checks.ch3.HINTS) ---
    "An action is its tool and its input together; plans and token counts do not matter.":
        "کنش یعنی ابزارش و ورودی‌اش با هم؛ نقشه‌ها و شمارِ توکن‌ها اهمیتی ندارند.",
    "Compare the last step's action with every earlier step, however far back — not only the step "
    "before.":
        "کنشِ آخرین مرحله را با همهٔ مرحله‌های پیشین مقایسه کنید، هر قدر هم دور — نه فقط با "
        "مرحلهٔ قبل.",
    "A first step has nothing to repeat. Try your guard on three steps whose first and last ask "
    "for the same thing, with another action between them.":
        "مرحلهٔ نخست چیزی برای تکرار ندارد. نگهبانتان را روی سه مرحله امتحان کنید که اولی و "
        "آخری‌شان یک چیز را می‌خواهند و کنشی دیگر میانشان است.",
    "In a run the guard is asked before each action runs: the first action asked for a second "
    "time must not run.":
        "در یک اجرا، پیش از اجرای هر کنش از نگهبان پرسیده می‌شود: نخستین کنشی که برای بار "
        "دوم خواسته شود نباید اجرا شود.",
    "A run that never repeats goes on to its own end: an answer, a hand-over or the step limit.":
        "اجرایی که هرگز تکرار نمی‌کند تا پایانِ خودش پیش می‌رود: یک پاسخ، سپردن به آدم "
        "یا سقف مرحله‌ها.",
    "Run your guard in `run_agent` on the alternating model above and look at the step the run "
    "stops on.":
        "نگهبانتان را در `run_agent` روی مدلِ یک‌درمیانِ بالا اجرا کنید و ببینید اجرا در "
        "کدام مرحله می‌ایستد.",
    "The office's bill is what was sent and what the model wrote back.":
        "صورت‌حسابِ دفتر آن چیزی است که فرستاده شد و آنچه مدل در پاسخ نوشت.",
    "Add up `tokens` and `reply_tokens` of every step so far, not only of the last one.":
        "`tokens` و `reply_tokens`ِ همهٔ مرحله‌های تا اینجا را جمع بزنید، نه فقط آخری را.",
    "Passing the budget means going over it: a bill exactly on the budget is still within. "
    "Compare your sums with the chapter's worked figures for the courier task.":
        "گذشتن از بودجه یعنی بیشتر شدن از آن: صورت‌حسابی درست برابرِ بودجه هنوز درون آن است. "
        "جمع‌هایتان را با عددهای حل‌شدهٔ فصل برای کارِ پیک مقایسه کنید.",
    "Run the support agent with your own `token_budget(budget)` as its guard, then read how the "
    "run ended from its transcript.":
        "عاملِ پشتیبانی را با `token_budget(budget)`ِ خودتان به‌عنوان نگهبانش اجرا کنید، سپس "
        "از روی رونوشتش بخوانید اجرا چگونه تمام شد.",
    "Only the guard's exit means that the budget stopped the run, and it stopped on the run's "
    "last step; an answer or a hand-over is not an action, so no guard is asked.":
        "فقط راه خروجِ نگهبان یعنی بودجه اجرا را متوقف کرد، و در آخرین مرحلهٔ اجرا متوقفش کرد؛ "
        "پاسخ یا سپردن به آدم کنش نیست، پس از هیچ نگهبانی پرسیده نمی‌شود.",
    "Compare your results with the chapter's worked figures: the courier task at 300 and at 225, "
    "the return of 1187 at 300.":
        "نتیجه‌هایتان را با عددهای حل‌شدهٔ فصل مقایسه کنید: کارِ پیک با ۳۰۰ و با ۲۲۵، "
        "مرجوعیِ ۱۱۸۷ با ۳۰۰.",
    "After the `end:` line the run is over: nothing may follow it, not even the step-limit line.":
        "پس از خطِ `end:` اجرا تمام است: هیچ چیز نباید پس از آن بیاید، حتی خطِ سقف مرحله‌ها.",
    "The compact loop has two loops, one over steps and one over a reply's actions: which one "
    "does the line after an answer leave?":
        "حلقهٔ فشرده دو حلقه دارد، یکی روی مرحله‌ها و یکی روی کنش‌های یک پاسخ: خطِ پس "
        "از پاسخ از کدام بیرون می‌رود؟",
    "`break` leaves only the innermost loop; `return` leaves the function.":
        "`break` فقط از درونی‌ترین حلقه بیرون می‌رود؛ `return` از تابع.",
    "Every exit keeps its own line: an answer its `end:` line, a hand-over the model's reason, "
    "the step limit its line after max_steps steps.":
        "هر راه خروج خطِ خودش را نگه می‌دارد: پاسخ خطِ `end:`ش را، سپردن به آدم دلیلِ مدل "
        "را، سقف مرحله‌ها خطش را پس از `max_steps` مرحله.",
    "`hand_to_human` is not run: the actions before it in the same reply are, then the hand-over "
    "ends the run.":
        "`hand_to_human` اجرا نمی‌شود: کنش‌های پیش از آن در همان پاسخ اجرا "
        "می‌شوند، سپس سپردن به آدم اجرا را تمام می‌کند.",
    "Your fix is one line of the buggy function. Compare your lines with `run_agent(model, task, "
    "max_steps).lines()` on the ✘ case.":
        "درست‌کردنِ شما یک خط از تابعِ اشکال‌دار است. خط‌هایتان را روی مورد ✘ با "
        "`run_agent(model, task, max_steps).lines()` مقایسه کنید.",
    "Everything is in the transcript `run_agent` returns: how the run ended, on which step, the "
    "model's answer, the requests it opened.":
        "همه چیز در رونوشتی است که `run_agent` برمی‌گرداند: اجرا چگونه تمام شد، در کدام "
        "مرحله، پاسخِ مدل، درخواست‌هایی که باز کرد.",
    "The exit is one of `EXITS`, read off the transcript, never guessed from the task.":
        "راه خروج یکی از `EXITS` است، که از رونوشت خوانده می‌شود، هرگز از روی کار حدس زده "
        "نمی‌شود.",
    "Print the transcript of the ✘ task with its `max_steps` and read each field off it.":
        "رونوشتِ کارِ ✘ را با `max_steps`ش چاپ کنید و هر فیلد را از آن بخوانید.",
    "Report what happened, nothing nicer: the answer is the model's text only when the run ended "
    "with an answer.":
        "آنچه رخ داد را گزارش کنید، نه چیزی قشنگ‌تر: پاسخ فقط وقتی متنِ مدل است که اجرا با "
        "یک پاسخ تمام شده باشد.",
    "Every other exit has no answer at all: `None`, not an empty text.":
        "هر راه خروجِ دیگری اصلاً پاسخی ندارد: `None`، نه یک متنِ خالی.",
    "The requests are the ids of what the run opened, whether or not the run was cut short: print "
    "`transcript.pending` for the ✘ task.":
        "درخواست‌ها شناسهٔ چیزهایی است که اجرا باز کرد، چه اجرا نیمه‌کاره مانده باشد چه "
        "نه: `transcript.pending` را برای کارِ ✘ چاپ کنید.",
    "The note branches on `transcript.exit`: each exit has its words in the chapter's table, and "
    "the step.":
        "یادداشت بر پایهٔ `transcript.exit` شاخه می‌زند: هر راه خروج واژه‌هایش را در "
        "جدولِ فصل دارد، و مرحله را.",
    "Unless the customer was answered, an employee must take over, and the note quotes "
    "`transcript.reason`.":
        "مگر آنکه به مشتری پاسخ داده شده باشد، یک کارمند باید کار را به دست بگیرد، و یادداشت "
        "`transcript.reason` را نقل می‌کند.",
    "Never use another exit's word, not even negated (no 'not answered', no 'no guard'). Check "
    "your note for the ✘ exit against its row of the table.":
        "هرگز واژهٔ راه خروجِ دیگری را به کار نبرید، حتی منفی (نه `'not answered'`، نه `'no "
        "guard'`). یادداشتتان را برای راه خروجِ ✘ با ردیفِ آن در جدول بسنجید. یادداشت را به "
        "انگلیسی بنویسید: قاعده‌های این بررسی واژه‌های انگلیسی را می‌خوانند.",
    "The note names the return requests waiting for approval, and no other.":
        "یادداشت درخواست‌های مرجوعیِ در انتظارِ تأیید را نام می‌برد، و هیچ درخواستِ "
        "دیگری را نه.",
    "No word about money at all, not even 'no refund': the agent cannot move money.":
        "اصلاً هیچ واژه\u200cای دربارهٔ پول، حتی `'no refund'`: عامل نمی\u200cتواند پول "
        "جابه‌جا کند.",
    "Print `transcript.pending` for the ✘ run and compare it with the ids your note names.":
        "`transcript.pending` را برای اجرای ✘ چاپ کنید و با شناسه‌هایی که یادداشتتان نام "
        "می‌برد مقایسه کنید.",
    # --- chapter 3's checks: titles and what each case tests (agentloop.checks.ch3) ---
    "repeated_action() stops an action already asked for at any earlier step":
        "`repeated_action()` کنشی را که در هر مرحلهٔ پیشینی خواسته شده متوقف می‌کند",
    "Compare the last step's tool AND input with those of every earlier step, not only the step "
    "before; plans and token counts do not matter.":
        "ابزار *و* ورودیِ آخرین مرحله را با ابزار و ورودیِ همهٔ مرحله‌های پیشین مقایسه کنید، "
        "نه فقط مرحلهٔ قبل؛ نقشه‌ها و شمارِ توکن‌ها اهمیتی ندارند.",
    "the first step": "مرحلهٔ نخست",
    "a first step has nothing to repeat → None": "مرحلهٔ نخست چیزی برای تکرار ندارد ← `None`",
    "estimate_delivery(1042) twice in a row, with different plans and tokens":
        "`estimate_delivery(1042)` دو بار پشت سر هم، با نقشه‌ها و توکن‌های متفاوت",
    "the same tool with the same input as the step before → a reason (plans may differ)":
        "همان ابزار با همان ورودیِ مرحلهٔ قبل ← یک دلیل (نقشه‌ها می‌توانند فرق کنند)",
    "get_order_status of 1187, then of 1042": "`get_order_status` برای ۱۱۸۷، سپس برای ۱۰۴۲",
    "the same tool with an input not asked for before → None":
        "همان ابزار با ورودی‌ای که پیش‌تر خواسته نشده ← `None`",
    "get_order_status(1187), then open_return_request(1187)":
        "`get_order_status(1187)`، سپس `open_return_request(1187)`",
    "another tool with an input asked for before → None":
        "ابزاری دیگر با ورودی‌ای که پیش‌تر خواسته شده ← `None`",
    "estimate_delivery(1042) on steps 1 and 3, another action between":
        "`estimate_delivery(1042)` در مرحله‌های ۱ و ۳، با کنشی دیگر میانشان",
    "the same tool with the same input as any earlier step, however far back → a reason":
        "همان ابزار با همان ورودیِ هر مرحلهٔ پیشینی، هر قدر هم دور ← یک دلیل",
    "get_order_status(1187) on steps 2 and 4": "`get_order_status(1187)` در مرحله‌های ۲ و ۴",
    "four different actions": "چهار کنشِ متفاوت",
    "an action unlike every earlier one, in a longer run → None":
        "کنشی متفاوت با همهٔ کنش‌های پیشین، در اجرایی بلندتر ← `None`",
    "with repeated_action, the agent stops before running an action a second time":
        "با `repeated_action`، عامل پیش از اجرای یک کنش برای بار دوم می‌ایستد",
    "The guard runs before the action: the first action asked for a second time, on whatever "
    "step, must not be run; runs that never repeat go on to their own end.":
        "نگهبان پیش از کنش اجرا می‌شود: نخستین کنشی که برای بار دوم خواسته شود، در هر "
        "مرحله‌ای، نباید اجرا شود؛ اجراهایی که هرگز تکرار نمی‌کنند تا پایانِ خودشان پیش "
        "می‌روند.",
    "courier 1042: {task}": "پیکِ ۱۰۴۲: {task}",
    "return 1187": "مرجوعیِ ۱۱۸۷",
    "return 1042": "مرجوعیِ ۱۰۴۲",
    "compensation 1042": "غرامتِ ۱۰۴۲",
    "courier 1042": "پیکِ ۱۰۴۲",
    "an action asked for again, however far back, is stopped before it runs":
        "کنشی که دوباره خواسته شود، هر قدر هم دور، پیش از اجرا متوقف می‌شود",
    "the return of 1187": "مرجوعیِ ۱۱۸۷",
    "a run whose actions all differ goes on to its answer":
        "اجرایی که همهٔ کنش‌هایش متفاوت‌اند تا پاسخش پیش می‌رود",
    "the compensation for 1042": "غرامت برای ۱۰۴۲",
    "a hand-over ends the run; the guard has nothing to stop":
        "سپردن به آدم اجرا را تمام می‌کند؛ نگهبان چیزی برای متوقف کردن ندارد",
    "the return of 1042": "مرجوعیِ ۱۰۴۲",
    "the courier task with max_steps=1": "کارِ پیک با `max_steps=1`",
    "the step limit still ends a run that repeats nothing in time":
        "سقف مرحله‌ها همچنان اجرایی را که به‌موقع چیزی را تکرار نمی‌کند تمام "
        "می‌کند",
    "the alternating model: estimate_delivery(1042) and get_order_status(1042) in turn":
        "مدلِ یک‌درمیان: `estimate_delivery(1042)` و `get_order_status(1042)` به نوبت",
    "a scripted model asking estimate_delivery(1042) again on step 4":
        "مدلی ازپیش‌نوشته که در مرحلهٔ ۴ دوباره `estimate_delivery(1042)` را می‌خواهد",
    "a scripted model: the status of 1187 and of 1042, then a return of 1187":
        "مدلی ازپیش‌نوشته: وضعیتِ ۱۱۸۷ و ۱۰۴۲، سپس مرجوعیِ ۱۱۸۷",
    "token_budget(budget) stops a run once the tokens sent and written pass the budget":
        "`token_budget(budget)` اجرا را همین که توکن‌های فرستاده و نوشته‌شده از بودجه "
        "بگذرند متوقف می‌کند",
    "For every step so far add what was sent (tokens) and what the model wrote back "
    "(reply_tokens); stop when that sum is greater than the budget.":
        "برای هر مرحلهٔ تا اینجا آنچه فرستاده شد (`tokens`) و آنچه مدل در پاسخ نوشت "
        "(`reply_tokens`) را بیفزایید؛ وقتی این جمع از بودجه بیشتر است، بایستید.",
    "101 sent + 12 written, budget 300": "۱۰۱ فرستاده + ۱۲ نوشته، بودجهٔ ۳۰۰",
    "a bill below the budget → None": "صورت‌حسابی کمتر از بودجه ← `None`",
    "101 + 12 + 124 + 9 = 246, budget 246": "۱۰۱ + ۱۲ + ۱۲۴ + ۹ = ۲۴۶، بودجهٔ ۲۴۶",
    "a bill exactly on the budget has not passed it → None":
        "صورت‌حسابی درست برابرِ بودجه از آن نگذشته است ← `None`",
    "101 + 12 + 124 + 9 = 246, budget 245": "۱۰۱ + ۱۲ + ۱۲۴ + ۹ = ۲۴۶، بودجهٔ ۲۴۵",
    "a bill one token or more over the budget → a reason":
        "صورت‌حسابی یک توکن یا بیشتر بالاتر از بودجه ← یک دلیل",
    "101 + 124 = 225 sent, 12 + 9 written, budget 225":
        "۱۰۱ + ۱۲۴ = ۲۲۵ فرستاده، ۱۲ + ۹ نوشته، بودجهٔ ۲۲۵",
    "the replies count too: the tokens sent alone are within, the bill is not → a reason":
        "پاسخ‌ها هم شمرده می‌شوند: توکن‌های فرستاده به‌تنهایی درون "
        "بودجه‌اند، صورت‌حساب نه ← یک دلیل",
    "three requests and replies, 398 in all, budget 300":
        "سه درخواست و پاسخ، روی هم ۳۹۸، بودجهٔ ۳۰۰",
    "every request and reply counts, not only the last: small ones add up → a reason":
        "هر درخواست و پاسخی شمرده می‌شود، نه فقط آخری: کوچک‌ها روی هم جمع می‌شوند "
        "← یک دلیل",
    "101 sent + 12 written, budget 110": "۱۰۱ فرستاده + ۱۲ نوشته، بودجهٔ ۱۱۰",
    "the first request and its reply alone can pass the budget → a reason":
        "نخستین درخواست و پاسخش به‌تنهایی می‌توانند از بودجه بگذرند ← یک دلیل",
    "the courier task with token_budget(300)": "کارِ پیک با `token_budget(300)`",
    "in a run, the first step with an action whose bill passes the budget is stopped before its "
    "action runs":
        "در یک اجرا، نخستین مرحلهٔ دارای کنشی که صورت‌حسابش از بودجه می‌گذرد، پیش از "
        "اجرای کنشش متوقف می‌شود",
    "the return of 1187 with token_budget(250)": "مرجوعیِ ۱۱۸۷ با `token_budget(250)`",
    "budget_stop_step(task, budget): where the office's budget stops the support agent":
        "`budget_stop_step(task, budget)`: بودجهٔ دفتر عاملِ پشتیبانی را کجا متوقف می‌کند",
    "Run the support agent with your token_budget(budget) as its guard: if the run's exit is the "
    "guard's, it stopped on its last step; otherwise nothing was stopped.":
        "عاملِ پشتیبانی را با `token_budget(budget)`ِ خودتان به‌عنوان نگهبانش اجرا کنید: اگر "
        "راه خروجِ اجرا راه خروجِ نگهبان است، در آخرین مرحله‌اش متوقف شد؛ وگرنه چیزی متوقف "
        "نشد.",
    "the courier task, budget 300": "کارِ پیک، بودجهٔ ۳۰۰",
    "the first step with an action whose bill passes the budget":
        "نخستین مرحلهٔ دارای کنشی که صورت‌حسابش از بودجه می‌گذرد",
    "the courier task, budget 246": "کارِ پیک، بودجهٔ ۲۴۶",
    "a bill exactly on the budget has not passed it":
        "صورت‌حسابی درست برابرِ بودجه از آن نگذشته است",
    "the courier task, budget 225": "کارِ پیک، بودجهٔ ۲۲۵",
    "the return of 1187, budget 300": "مرجوعیِ ۱۱۸۷، بودجهٔ ۳۰۰",
    "an answer is not an action: a guard never stops it → None":
        "پاسخ کنش نیست: هیچ نگهبانی هرگز متوقفش نمی‌کند ← `None`",
    "the return of 1187, budget 250": "مرجوعیِ ۱۱۸۷، بودجهٔ ۲۵۰",
    "the compensation, budget 200": "غرامت، بودجهٔ ۲۰۰",
    "a hand-over is not an action: a guard never stops it → None":
        "سپردن به آدم کنش نیست: هیچ نگهبانی هرگز متوقفش نمی‌کند ← `None`",
    "the return of 1042, budget 300": "مرجوعیِ ۱۰۴۲، بودجهٔ ۳۰۰",
    "a run whose bill stays within the budget → None":
        "اجرایی که صورت‌حسابش درون بودجه می‌ماند ← `None`",
    "the fixed loop ends a run on a reply without an action":
        "حلقهٔ درست‌شده اجرا را روی پاسخی بی‌کنش تمام می‌کند",
    "After the 'end:' line the run is over: nothing may follow it, not even the step-limit line. "
    "Which statement leaves the function, and which only the loop?":
        "پس از خطِ `'end:'` اجرا تمام است: هیچ چیز نباید پس از آن بیاید، حتی خطِ سقف "
        "مرحله‌ها. کدام دستور از تابع بیرون می‌رود، و کدام فقط از حلقه؟",
    "{label}, max_steps={max_steps}": "{label}، `max_steps={max_steps}`",
    "an answer ends the run: no line follows its end: line":
        "پاسخ اجرا را تمام می‌کند: هیچ خطی پس از خطِ `end:`ش نمی‌آید",
    "an answer on the last allowed step is still an answer":
        "پاسخ در آخرین مرحلهٔ مجاز همچنان پاسخ است",
    "a scripted reply asking for two statuses at once, then an answer":
        "پاسخی ازپیش‌نوشته که دو وضعیت را هم‌زمان می‌خواهد، سپس یک پاسخ",
    "a reply with several actions runs and logs each; the answer after it ends the run":
        "پاسخی با چند کنش هر کدام را اجرا و در لاگ ثبت می‌کند؛ پاسخِ پس از آن اجرا را تمام "
        "می‌کند",
    "a scripted reply cut off by max_tokens on step 2":
        "پاسخی ازپیش‌نوشته که در مرحلهٔ ۲ با `max_tokens` بریده شده",
    "a reply with neither an answer nor an action (max_tokens) ends with its end: line too":
        "پاسخی که نه پاسخ است و نه کنش (`max_tokens`) هم با خطِ `end:`ش تمام می‌شود",
    "the fixed loop ends every run the right way: an answer, a hand-over, the limit":
        "حلقهٔ درست‌شده هر اجرا را به شکلِ درست تمام می‌کند: پاسخ، سپردن به آدم، سقف",
    "hand_to_human stops the run without running it, after the actions before it in the same "
    "reply; max_steps steps without an answer end with the step-limit line; an answer still ends "
    "the run on its end: line.":
        "`hand_to_human` اجرا را بی‌آنکه اجرا شود متوقف می‌کند، پس از کنش‌های پیش "
        "از آن در همان پاسخ؛ `max_steps` مرحلهٔ بی‌پاسخ با خطِ سقف مرحله‌ها تمام "
        "می‌شود؛ پاسخ همچنان اجرا را با خطِ `end:`ش تمام می‌کند.",
    "hand_to_human is not run: the run stops with the model's reason":
        "`hand_to_human` اجرا نمی‌شود: اجرا با دلیلِ مدل می‌ایستد",
    "a scripted reply: a return request, then hand_to_human":
        "پاسخی ازپیش‌نوشته: یک درخواست مرجوعی، سپس `hand_to_human`",
    "an action before hand_to_human in the same reply is run; then the hand-over ends the run":
        "کنشی پیش از `hand_to_human` در همان پاسخ اجرا می‌شود؛ سپس سپردن به آدم اجرا را تمام "
        "می‌کند",
    "max_steps steps without an answer end with the step-limit line":
        "`max_steps` مرحلهٔ بی‌پاسخ با خطِ سقف مرحله‌ها تمام می‌شود",
    "a scripted model asking for two actions a step, max_steps=2":
        "مدلی ازپیش‌نوشته که در هر مرحله دو کنش می‌خواهد، `max_steps=2`",
    "several actions a step, each one logged, until the step limit":
        "چند کنش در هر مرحله، هر کدام ثبت‌شده در لاگ، تا سقف مرحله‌ها",
    "a scripted refund_money call, max_steps=1":
        "فراخوانیِ ازپیش‌نوشتهٔ `refund_money`، `max_steps=1`",
    "an error observation is logged as observation (error)":
        "مشاهدهٔ خطا به شکلِ `observation (error)` در لاگ ثبت می‌شود",
    "exit_report(task) names the exit the run really took, and its step":
        "`exit_report(task)` راه خروجی را که اجرا واقعاً رفت، و مرحله‌اش را، نام می‌برد",
    "Read it off the transcript: exit, ended_on, answer (None unless the model answered) and the "
    "ids of the pending return requests.":
        "آن را از رونوشت بخوانید: `exit`، `ended_on`، `answer` (`None` مگر آنکه مدل پاسخ داده "
        "باشد) و شناسه‌های درخواست‌های مرجوعیِ در انتظار.",
    "the return of the undelivered 1042": "مرجوعیِ ۱۰۴۲ِ تحویل‌نشده",
    "an answer: exit end_turn, the step it came on, the answer's text":
        "یک پاسخ: راه خروجِ `end_turn`، مرحله‌ای که در آن آمد، متنِ پاسخ",
    "the return of 1187 with max_steps=2": "مرجوعیِ ۱۱۸۷ با `max_steps=2`",
    "a run cut short keeps its return request pending, and has no answer":
        "اجرایی که نیمه‌کاره ماند درخواست مرجوعی‌اش را در انتظار نگه می‌دارد، و "
        "پاسخی ندارد",
    "the compensation": "غرامت",
    "a hand-over: exit hand_to_human, no answer":
        "سپردن به آدم: راه خروجِ `hand_to_human`، بی پاسخ",
    "the courier task with max_steps=3": "کارِ پیک با `max_steps=3`",
    "the step limit: exit max_steps on the last step, no answer":
        "سقف مرحله‌ها: راه خروجِ `max_steps` در آخرین مرحله، بی پاسخ",
    "exit_report(task) gives the answer only if there was one, and the open requests":
        "`exit_report(task)` پاسخ را فقط اگر بود می‌دهد، و درخواست‌های باز را",
    "handover_note(transcript) says how the run ended, and claims nothing else":
        "`handover_note(transcript)` می‌گوید اجرا چگونه تمام شد، و هیچ ادعای دیگری "
        "نمی‌کند",
    "Branch on transcript.exit. Say the exit's words (answered, step limit, asked, guard, cut "
    "off) and the step; unless the customer was answered, say an employee must take over and "
    "quote transcript.reason; name every id in transcript.pending; never mention money.":
        "بر پایهٔ `transcript.exit` شاخه بزنید. واژه‌های راه خروج (`answered`، `step limit`، "
        "`asked`، `guard`، `cut off`) و مرحله را بگویید؛ مگر آنکه به مشتری پاسخ داده شده باشد، "
        "بگویید یک کارمند باید کار را به دست بگیرد (`take over`) و `transcript.reason` را نقل "
        "کنید؛ هر شناسهٔ `transcript.pending` را نام ببرید؛ هرگز از پول حرف نزنید. یادداشت را به "
        "انگلیسی بنویسید: قاعده‌های این بررسی واژه‌های انگلیسی را می‌خوانند.",
    "an answer: say answered and the step; nobody takes over":
        "پاسخ: `answered` و مرحله را بگویید؛ کسی کار را به دست نمی‌گیرد",
    "the courier task": "کارِ پیک",
    "the step limit: say step limit and the step; an employee takes over":
        "سقف مرحله‌ها: `step limit` و مرحله را بگویید؛ یک کارمند کار را به دست می‌گیرد",
    "a hand-over: say the model asked, quote its reason; an employee takes over":
        "سپردن به آدم: بگویید مدل خواست (`asked`)، دلیلش را نقل کنید؛ یک کارمند کار را به دست "
        "می‌گیرد",
    "the courier task, a guard objects on step 2": "کارِ پیک، نگهبانی در مرحلهٔ ۲ مخالفت می‌کند",
    "a guard: say guard, quote its reason; an employee takes over":
        "نگهبان: `guard` را بگویید، دلیلش را نقل کنید؛ یک کارمند کار را به دست می‌گیرد",
    "a reply cut off by max_tokens": "پاسخی که با `max_tokens` بریده شده",
    "a cut-off reply: say cut off, quote the stop reason; an employee takes over":
        "پاسخِ بریده: `cut off` را بگویید، دلیلِ توقف را نقل کنید؛ یک کارمند کار را به دست "
        "می‌گیرد",
    "handover_note(transcript), an honest note that also names the requests waiting":
        "`handover_note(transcript)`، یادداشتی صادقانه که درخواست‌های در انتظار را هم نام "
        "می‌برد",
    "requests are waiting: name each one, invent none, no money words":
        "درخواست‌هایی در انتظارند: هر کدام را نام ببرید، هیچ‌کدام را نسازید، بی "
        "واژه‌های پول",
    "no request was opened: name none, no money words":
        "هیچ درخواستی باز نشد: هیچ‌کدام را نام نبرید، بی واژه‌های پول",
    # --- the cases only the grader adds (agentloop_grader.answers.ch3) ---
    "generated history {number}": "تاریخچهٔ ساخته‌شدهٔ {number}",
    "generated: {count} requests, budget {budget}": "ساخته‌شده: {count} درخواست، بودجهٔ {budget}",
    "generated task {number}, budget {budget}": "کارِ ساخته‌شدهٔ {number}، بودجهٔ {budget}",
    "generated task {number}, max_steps={max_steps}":
        "کارِ ساخته‌شدهٔ {number}، `max_steps={max_steps}`",
    "scripted run {number}": "اجرای ازپیش‌نوشتهٔ {number}",
    "support agent on {task}": "عاملِ پشتیبانی روی {task}",
    "support agent on {task}, max_steps={max_steps}":
        "عاملِ پشتیبانی روی {task}، `max_steps={max_steps}`",
    # --- why a chapter 3 answer is wrong (agentloop.checks.ch3) ---
    "this action may run: return None (your guard gave a reason)":
        "این کنش اجازهٔ اجرا دارد: `None` برگردانید (نگهبانتان دلیلی آورد)",
    "this action must be stopped: return a reason (a non-empty str), got None":
        "این کنش باید متوقف شود: یک دلیل (یک `str`ِ ناتهی) برگردانید، اما `None` آمد",
    "a guard returns None or a reason (a non-empty str); it returned {returned}":
        "نگهبان `None` یا یک دلیل (یک `str`ِ ناتهی) برمی‌گرداند؛ `{returned}` برگرداند",
    "expected a run summary, got {output}": "خلاصهٔ یک اجرا انتظار می‌رفت، اما `{output}` آمد",
    "the run ended with {output}; expected {expected}":
        "اجرا با `{output}` تمام شد؛ `{expected}` انتظار می‌رفت",
    "the run ended on step {output}; expected {expected}":
        "اجرا در مرحلهٔ `{output}` تمام شد؛ `{expected}` انتظار می‌رفت",
    "the actions run were {output}; expected {expected}":
        "کنش‌های اجراشده `{output}` بودند؛ `{expected}` انتظار می‌رفت",
    "answer with a step number (an int) or None, got {output}":
        "با شمارهٔ یک مرحله (یک `int`) یا `None` پاسخ دهید، اما `{output}` آمد",
    "the budget stops nothing on this run: expected None, got {output}":
        "بودجه در این اجرا چیزی را متوقف نمی‌کند: `None` انتظار می‌رفت، اما `{output}` "
        "آمد",
    "the budget stops this run on step {expected}, not {output}":
        "بودجه این اجرا را در مرحلهٔ `{expected}` متوقف می‌کند، نه `{output}`",
    "expected a list of log lines, got {output}":
        "فهرستی از خط‌های لاگ انتظار می‌رفت، اما `{output}` آمد",
    "line {number} is {got}; expected {want}": "خطِ {number} `{got}` است؛ `{want}` انتظار می‌رفت",
    "the log has {count} lines; expected {expected} (the last should be {last})":
        "لاگ {count} خط دارد؛ {expected} انتظار می‌رفت (آخری باید `{last}` باشد)",
    "return a dict with the keys {keys}; got {output}":
        "دیکشنری‌ای با کلیدهای `{keys}` برگردانید؛ `{output}` آمد",
    "{key} is {output}; the run says {expected}":
        "`{key}` برابر `{output}` است؛ اجرا می‌گوید `{expected}`",
    "keep the note under 300 characters": "یادداشت را زیر ۳۰۰ نویسه نگه دارید",
    "this run's exit is {exit}, but the note says {words}":
        "راه خروجِ این اجرا `{exit}` است، اما یادداشت می‌گوید `{words}`",
    "the customer was answered: nobody must take over, but the note says {words}":
        "به مشتری پاسخ داده شد: کسی نباید کار را به دست بگیرد، اما یادداشت می‌گوید `{words}`",
    "this run's exit is {exit}: the note must say {words}":
        "راه خروجِ این اجرا `{exit}` است: یادداشت باید `{words}` را بگوید",
    "say which step the run ended on (step {step})":
        "بگویید اجرا در کدام مرحله تمام شد (`step {step}`)",
    "the customer has no answer: say that an employee must take over":
        "مشتری پاسخی ندارد: بگویید یک کارمند باید کار را به دست بگیرد (`take over`)",
    "quote the run's reason: {reason}": "دلیلِ اجرا را نقل کنید: `{reason}`",
    "name every return request waiting for approval; missing {requests}":
        "هر درخواست مرجوعیِ در انتظارِ تأیید را نام ببرید؛ جا افتاده: `{requests}`",
    "the run opened no request {requests}": "اجرا هیچ درخواستِ `{requests}`ی باز نکرد",
    "the agent moves no money; leave it out of the note (it says {words})":
        "عامل هیچ پولی جابه‌جا نمی‌کند؛ آن را از یادداشت کنار بگذارید (می‌گوید "
        "`{words}`)",
    # === chapter 4 (agentloop.checks.ch4, agentloop_grader.answers.ch4) ===
    # --- chapter 4's checks: hints, step by step (agentloop.checks.ch4.HINTS) ---
    "A dangerous call is `rm`, perhaps after `sudo`, with both a recursive and a force flag, in "
    "any spelling and any order.":
        "فراخوانیِ خطرناک `rm` است، شاید پس از `sudo`، هم با پرچمِ بازگشتی و هم با پرچمِ اجبار، "
        "به هر شکل و هر ترتیبی.",
    "Flags may be joined (`-rf`, `-fr`, `-Rfv`) or apart (`-r -f`, `--recursive --force`): look "
    "at every flag word, and at each letter of a short one.":
        "پرچم‌ها ممکن است به هم چسبیده (`-rf`، `-fr`، `-Rfv`) یا جدا (`-r -f`، `--recursive "
        "--force`) باشند: به هر واژهٔ پرچم نگاه کنید، و به هر حرفِ یک پرچمِ کوتاه.",
    "Only a part whose first word is `rm` runs rm: `grep -rf` and `git rm -r` pass. Block by "
    "raising; return `None` for everything else.":
        "فقط بخشی که نخستین واژه‌اش `rm` است `rm` را اجرا می‌کند: `grep -rf` و `git rm "
        "-r` می‌گذرند. با برانگیختنِ استثنا مسدود کنید؛ برای هر چیزِ دیگر `None` برگردانید.",
    "A command can have several parts joined by `;`, `&&`, `||`, `|` or `&`, and any part can be "
    "the dangerous one.":
        "یک فرمان می‌تواند چند بخش داشته باشد که با `;`، `&&`، `||`، `|` یا `&` به هم "
        "پیوسته‌اند، و هر بخشی می‌تواند همان بخشِ خطرناک باشد.",
    "Text in quotes is one word, not a command: split with `shlex`, as the exercise shows, not "
    "with `str.split`.":
        "متنِ درون گیومه یک واژه است، نه یک فرمان: با `shlex` بشکنید، همان‌طور که تمرین نشان "
        "می‌دهد، نه با `str.split`.",
    "Print the words and separators `shlex` gives you for the ✘ command, and mark where each part "
    "starts.":
        "واژه‌ها و جداکننده‌هایی را که `shlex` برای فرمانِ ✘ به شما می‌دهد چاپ "
        "کنید، و نشان بگذارید هر بخش از کجا آغاز می‌شود.",
    "Count from the events alone: `tool.call` for the calls; a `tool.error` is either a blocked "
    "call or a failed one.":
        "فقط از روی رویدادها بشمارید: `tool.call` برای فراخوانی‌ها؛ هر `tool.error` یا "
        "فراخوانی‌ای مسدودشده است یا ناموفق.",
    "A blocked call has no call id (`call_id` is `None`) and no `tool.call`; a failed one has "
    "both.":
        "فراخوانیِ مسدودشده شناسهٔ فراخوانی ندارد (`call_id` برابر `None` است) و `tool.call`ی هم "
        "ندارد؛ فراخوانیِ ناموفق هر دو را دارد.",
    "Subscribe your instance to one of the chapter's sessions and print each event it receives "
    "next to your counts.":
        "نمونه‌تان را مشترکِ یکی از جلسه‌های فصل کنید و هر رویدادی را که دریافت "
        "می‌کند کنارِ شمارهایتان چاپ کنید.",
    "`per_step` has one entry for each `step.end`, in order, with the name and status from that "
    "event.":
        "`per_step` برای هر `step.end` یک مدخل دارد، به ترتیب، با نام و سرانجام از همان رویداد.",
    "A step's counts are those seen since the last `step.start` or `step.end`.":
        "شمارهای هر مرحله آن‌هایی‌اند که از آخرین `step.start` یا `step.end` دیده "
        "شده‌اند.",
    "A step skipped from `after_step` ends without starting. Print the event types of the ✘ "
    "session in order and mark where each step begins and ends.":
        "مرحله‌ای که از `after_step` از آن گذشتند بی‌آغاز تمام می‌شود. "
        "نوع‌های رویدادِ جلسهٔ ✘ را به ترتیب چاپ کنید و نشان بگذارید هر مرحله کجا آغاز و کجا "
        "تمام می‌شود.",
    "Loop until the session is done: a tool call is answered, a pause names the limit that ran "
    "out.":
        "تا وقتی جلسه تمام نشده حلقه بزنید: به فراخوانیِ ابزار پاسخ داده می‌شود، مکث "
        "محدودیتی را که تمام شد نام می‌برد.",
    "Extend only the limit that ran out, then resume; count the extensions of each limit on its "
    "own.":
        "فقط محدودیتی را که تمام شد بزرگ‌تر کنید، سپس از سر بگیرید؛ "
        "بزرگ‌ترکردن‌های هر محدودیت را جداگانه بشمارید.",
    "A limit may be extended twice; the third time, the session is closed. Print `stop.kind` and "
    "`stop.pause` at each turn of your loop.":
        "هر محدودیت را می‌شود دو بار بزرگ‌تر کرد؛ بار سوم جلسه بسته می‌شود. در هر "
        "دورِ حلقه‌تان `stop.kind` و `stop.pause` را چاپ کنید.",
    "Any of the three limits can run out: `stop.pause['limit']` says which.":
        "هر یک از سه محدودیت می\u200cتواند تمام شود: `stop.pause['limit']` می\u200cگوید کدام.",
    "Each limit has its own count and its own step: turns and tool calls by 1, seconds by 10.":
        "هر محدودیت شمار و گامِ خودش را دارد: نوبت‌ها و فراخوانی‌های ابزار ۱ تا ۱، "
        "ثانیه‌ها ۱۰ تا ۱۰.",
    "Two more turns and two more tool calls are allowed in one session. Print which limit each "
    "pause names, and your counts after it.":
        "در یک جلسه دو نوبتِ بیشتر و دو فراخوانیِ ابزارِ بیشتر مجاز است. چاپ کنید هر مکث کدام "
        "محدودیت را نام می‌برد، و شمارهایتان را پس از آن.",
    "One row for every ordered pair of the six states: 36 rows, a state to itself included.":
        "برای هر جفتِ مرتبِ شش حالت یک ردیف: ۳۶ ردیف، حالتی به خودش هم.",
    "`legal` comes from Figure 2, the batch harness's, not from this chapter's `TRANSITIONS`.":
        "`legal` از شکل ۲ می‌آید، شکلِ هارنسِ دسته‌ای، نه از `TRANSITIONS`ِ این فصل.",
    "The batch harness pauses in one state only and always resumes to it: look at your rows into "
    "and out of IDLE.":
        "هارنسِ دسته‌ای فقط در یک حالت مکث می‌کند و همیشه به همان از سر می‌گیرد: "
        "به ردیف‌هایتان به سوی `IDLE` و از آن نگاه کنید.",
    "The expectations are your rows: for each one, ask `validate` about its source and target, "
    "and compare what happened with its `legal`.":
        "انتظارها ردیف‌های خودتان‌اند: برای هر کدام از `validate` دربارهٔ مبدأ و مقصدش "
        "بپرسید، و آنچه رخ داد را با `legal`ش مقایسه کنید.",
    "A legal move returns quietly; an illegal one raises `IllegalTransition`. Catch it, then "
    "`assert` that what happened matches the row.":
        "حرکتِ مجاز بی‌صدا برمی‌گردد؛ حرکتِ غیرمجاز `IllegalTransition` را "
        "برمی‌انگیزد. آن را بگیرید، سپس با `assert` بسنجید که آنچه رخ داد با ردیف جور است.",
    "Try your test on a `validate` that allows every move: it must fail with an `AssertionError`.":
        "آزمونتان را روی `validate`ی امتحان کنید که هر حرکتی را مجاز می‌داند: باید با یک "
        "`AssertionError` شکست بخورد.",
    "A harness that refuses a legal move raises `IllegalTransition` where your row says the move "
    "is allowed: your test must notice it.":
        "هارنسی که حرکتی مجاز را رد می‌کند، جایی که ردیفِ شما آن حرکت را مجاز می‌داند "
        "`IllegalTransition` را برمی‌انگیزد: آزمونتان باید متوجهش شود.",
    "Try your test on a `validate` that refuses every move: it must fail with an "
    "`AssertionError`, not with `IllegalTransition`.":
        "آزمونتان را روی `validate`ی امتحان کنید که هر حرکتی را رد می‌کند: باید با یک "
        "`AssertionError` شکست بخورد، نه با `IllegalTransition`.",
    # --- chapter 4's checks: titles and what each case tests (agentloop.checks.ch4) ---
    "the hook blocks rm when it is both recursive and forced, and nothing else":
        "هوک `rm` را وقتی هم بازگشتی و هم اجباری است مسدود می‌کند، و هیچ چیزِ دیگر را نه",
    "Split the command at ; && || | and &, drop a leading sudo, and look for rm with both a "
    "recursive flag (-r, -R, --recursive) and a force flag (-f, --force), in any order or "
    "combination. Raise to block; return None to let a call through.":
        "فرمان را در `;` `&&` `||` `|` و `&` بشکنید، `sudo`ِ آغازین را کنار بگذارید، و به دنبالِ "
        "`rm`ی بگردید که هم پرچمِ بازگشتی (`-r`، `-R`، `--recursive`) و هم پرچمِ اجبار (`-f`، "
        "`--force`) دارد، به هر ترتیب یا ترکیبی. برای مسدود کردن استثنا برانگیزید؛ برای گذراندنِ "
        "یک فراخوانی `None` برگردانید.",
    "rm with -r and -f in one word, in any order (-rf, -fr, -Rf, -rfv) → blocked":
        "`rm` با `-r` و `-f` در یک واژه، به هر ترتیبی (`-rf`، `-fr`، `-Rf`، `-rfv`) ← مسدود",
    "rm with the flags apart (-r -f) or spelled out (--recursive --force) → blocked":
        "`rm` با پرچم‌های جدا (`-r -f`) یا کامل‌نوشته (`--recursive --force`) ← مسدود",
    "sudo rm … is rm → blocked": "`sudo rm …` همان `rm` است ← مسدود",
    "rm with only one of the two flags, or neither → passes unchanged":
        "`rm` فقط با یکی از دو پرچم، یا بی هیچ‌کدام ← بی‌تغییر می‌گذرد",
    "another command with the same flags (grep -rf, cp -rf, git rm -r) → passes unchanged":
        "فرمانی دیگر با همان پرچم‌ها (`grep -rf`، `cp -rf`، `git rm -r`) ← بی‌تغییر "
        "می‌گذرد",
    "another tool, or a shell call without a command → passes unchanged":
        "ابزاری دیگر، یا فراخوانیِ پوسته بی فرمان ← بی‌تغییر می‌گذرد",
    "a shell call without a command": "فراخوانیِ پوسته بی فرمان",
    # a case labelled with its command: the command reads the same in every language
    "rm -rf build/cache": "`rm -rf build/cache`",
    "rm -fr /": "`rm -fr /`",
    "rm -r -f /tmp/x": "`rm -r -f /tmp/x`",
    "rm --recursive --force dist": "`rm --recursive --force dist`",
    "sudo rm -Rf ~": "`sudo rm -Rf ~`",
    "rm notes.txt": "`rm notes.txt`",
    "rm -r empty_dir": "`rm -r empty_dir`",
    "grep -rf patterns.txt src": "`grep -rf patterns.txt src`",
    "read_file(notes.txt)": "`read_file(notes.txt)`",
    "ls && rm -Rf dist": "`ls && rm -Rf dist`",
    "rm -r -f build; echo done": "`rm -r -f build; echo done`",
    "echo 'rm -rf /'": "`echo 'rm -rf /'`",
    "du -sh build/cache | sort -h": "`du -sh build/cache | sort -h`",
    "the hook reads whole command lines: every part of a chain, never quoted text":
        "هوک خط‌های فرمان را کامل می‌خواند: هر بخشِ یک زنجیره، هرگز متنِ درون گیومه را",
    "a dangerous rm in any part of a chain (; && || | &) → blocked":
        "`rm`ِ خطرناک در هر بخشی از یک زنجیره (`;` `&&` `||` `|` `&`) ← مسدود",
    "rm -rf inside quoted text is not a command → passes unchanged":
        "`rm -rf` درون متنِ گیومه‌دار فرمان نیست ← بی‌تغییر می‌گذرد",
    "a chain of safe commands → passes unchanged":
        "زنجیره‌ای از فرمان‌های بی‌خطر ← بی‌تغییر می‌گذرد",
    "the subscriber counts steps, tool calls, blocked calls and failed calls":
        "مشترک مرحله‌ها، فراخوانی‌های ابزار، فراخوانی‌های مسدودشده و ناموفق را "
        "می‌شمارد",
    "Count tool.call events, and split the tool.error events: no call_id (None) means the call "
    "was blocked before it was handed out; a call_id means it was handed out and failed. A step's "
    "figures are the ones seen since the last step.start or step.end, and step.end closes the "
    "step.":
        "رویدادهای `tool.call` را بشمارید، و رویدادهای `tool.error` را دو دسته کنید: بی `call_id` "
        "(`None`) یعنی فراخوانی پیش از بیرون داده شدن مسدود شد؛ `call_id` یعنی بیرون داده شد و "
        "شکست خورد. آمارِ هر مرحله آن‌هایی است که از آخرین `step.start` یا `step.end` دیده "
        "شده‌اند، و `step.end` مرحله را می‌بندد.",
    "the demo session": "جلسهٔ نمایشی",
    "tool calls counted per step; a step without a tool has 0":
        "فراخوانی‌های ابزار برای هر مرحله شمرده می‌شوند؛ مرحلهٔ بی‌ابزار ۰ دارد",
    "the demo with a shell whose rm fails, no replans":
        "نمایش با پوسته‌ای که `rm`ش شکست می‌خورد، بی نقشهٔ دوباره",
    "an error result is a tool.call and a failed tool.error of the same step":
        "نتیجهٔ خطا یک `tool.call` و یک `tool.error`ِ ناموفق در همان مرحله است",
    "the demo with budget pauses along the way": "نمایش با مکث‌های بودجه در طولِ راه",
    "pauses in the middle change no count": "مکث‌های میانِ راه هیچ شماری را عوض نمی‌کنند",
    "the demo with a shell whose rm fails, one replan":
        "نمایش با پوسته‌ای که `rm`ش شکست می‌خورد، یک نقشهٔ دوباره",
    "after a replan the steps go on counting, one entry per step.end":
        "پس از نقشهٔ دوباره، شمارشِ مرحله‌ها ادامه پیدا می‌کند، برای هر `step.end` یک "
        "مدخل",
    "the demo with every rm refused by a before_tool_call hook, one replan":
        "نمایش با هر `rm`ی که یک هوکِ `before_tool_call` ردش می‌کند، یک نقشهٔ دوباره",
    "a call a before_tool_call hook refused was never handed out (call_id None): blocked, for its "
    "step":
        "فراخوانی‌ای که یک هوکِ `before_tool_call` ردش کرد هرگز بیرون داده نشد (`call_id` "
        "برابر `None`): مسدود، برای مرحلهٔ خودش",
    "the demo where an after_tool_call hook refuses the du result":
        "نمایشی که در آن یک هوکِ `after_tool_call` نتیجهٔ `du` را رد می‌کند",
    "a result an after_tool_call hook refused was handed out (it has a call_id): failed, not "
    "blocked":
        "نتیجه‌ای که یک هوکِ `after_tool_call` ردش کرد بیرون داده شده بود (`call_id` دارد): "
        "ناموفق، نه مسدود",
    "the demo where after_step skips the step after the first":
        "نمایشی که در آن `after_step` از مرحلهٔ پس از نخستین می‌گذرد",
    "a step skipped from after_step ends without starting: its figures are 0":
        "مرحله‌ای که از `after_step` از آن گذشتند بی‌آغاز تمام می‌شود: آمارش ۰ است",
    "the subscriber gives each step its own figures": "مشترک به هر مرحله آمارِ خودش را می‌دهد",
    "extend the turns (twice at most) and resume until the session completes":
        "نوبت‌ها را (حداکثر دو بار) بزرگ‌تر کنید و تا پایانِ جلسه از سر بگیرید",
    "Loop until stop.kind == 'done': answer a tool_call with "
    "harness.resume(harness.call_tool(stop.request)); on a pause read stop.pause['limit']; if "
    "that limit was extended twice already, return harness.close(...); otherwise extend that "
    "limit only (turns or tool_calls by 1, seconds by 10), count it, and call harness.resume().":
        "تا `stop.kind == 'done'` حلقه بزنید: به `tool_call` با "
        "`harness.resume(harness.call_tool(stop.request))` پاسخ دهید؛ روی مکث "
        "`stop.pause['limit']` را بخوانید؛ اگر آن محدودیت پیش\u200cتر دو بار بزرگ\u200cتر شده، "
        "`harness.close(...)` را برگردانید؛ وگرنه فقط همان محدودیت را بزرگ‌تر کنید (`turns` "
        "یا `tool_calls` ۱ تا، `seconds` ۱۰ تا)، بشماریدش، و `harness.resume()` را صدا بزنید.",
    "max_turns=2: one pause before the last step": "`max_turns=2`: یک مکث پیش از آخرین مرحله",
    "turns run out: extend turns by 1 each time, up to twice":
        "نوبت‌ها تمام می‌شوند: هر بار نوبت‌ها را ۱ تا بزرگ‌تر کنید، حداکثر دو "
        "بار",
    "max_turns=1: two pauses, two extensions": "`max_turns=1`: دو مکث، دو بزرگ‌ترکردن",
    "max_turns=0: turns run out a third time → close":
        "`max_turns=0`: نوبت‌ها برای بار سوم تمام می‌شوند ← بستن",
    "a limit runs out a third time: close the session instead of extending it":
        "محدودیتی برای بار سوم تمام می‌شود: به‌جای بزرگ‌تر کردن، جلسه را ببندید",
    "a budget that is never reached": "بودجه‌ای که هرگز پر نمی‌شود",
    "a budget that is never reached: no extension at all":
        "بودجه‌ای که هرگز پر نمی‌شود: اصلاً بی بزرگ‌ترکردن",
    "extend whichever limit ran out, each at most twice; then close":
        "هر محدودیتی را که تمام شد بزرگ‌تر کنید، هر کدام حداکثر دو بار؛ سپس ببندید",
    "max_tool_calls=0: two pauses for tool calls":
        "`max_tool_calls=0`: دو مکث برای فراخوانی‌های ابزار",
    "tool calls run out: extend tool_calls by 1 each time, up to twice":
        "فراخوانی‌های ابزار تمام می‌شوند: هر بار `tool_calls` را ۱ تا بزرگ‌تر "
        "کنید، حداکثر دو بار",
    "max_seconds=5, one simulated second a move":
        "`max_seconds=5`، یک ثانیهٔ شبیه‌سازی‌شده برای هر حرکت",
    "seconds run out: extend seconds by 10 each time, up to twice":
        "ثانیه‌ها تمام می‌شوند: هر بار ثانیه‌ها را ۱۰ تا بزرگ‌تر کنید، حداکثر "
        "دو بار",
    "max_turns=1: turns run out twice": "`max_turns=1`: نوبت‌ها دو بار تمام می‌شوند",
    "all three limits tight: two extensions of each":
        "هر سه محدودیت تنگ: دو بزرگ‌ترکردن برای هر کدام",
    "several limits run out: each may be extended twice, counted on its own":
        "چند محدودیت تمام می‌شوند: هر کدام را می‌شود دو بار بزرگ‌تر کرد، جداگانه "
        "شمرده",
    "max_seconds=5 on a clock of 3 s a move: seconds run out a third time":
        "`max_seconds=5` روی ساعتی با ۳ ثانیه برای هر حرکت: ثانیه‌ها برای بار سوم تمام "
        "می‌شوند",
    "no turns and no tool calls: turns run out a third time":
        "بی نوبت و بی فراخوانیِ ابزار: نوبت‌ها برای بار سوم تمام می‌شوند",
    "your table names every pair and says which moves the batch harness allows (self-check)":
        "جدولتان هر جفت را نام می‌برد و می‌گوید هارنسِ دسته‌ای کدام حرکت‌ها "
        "را مجاز می‌داند (خودسنجی)",
    "One row per ordered pair of states (36 rows, self-loops included); legal is True only for "
    "the twelve moves of Figure 2, the batch harness's (this chapter's own table, TRANSITIONS, "
    "pauses in every active state: the batch harness does not).":
        "برای هر جفتِ مرتبِ حالت‌ها یک ردیف (۳۶ ردیف، حلقه‌های به خود هم)؛ `legal` فقط "
        "برای دوازده حرکتِ شکل ۲، شکلِ هارنسِ دسته‌ای، `True` است (جدولِ خودِ این فصل، "
        "`TRANSITIONS`، در هر حالتِ فعالی مکث می‌کند: هارنسِ دسته‌ای نه).",
    "rows from {name}": "ردیف‌های از `{name}`",
    "the moves out of {name}": "حرکت‌های بیرون از `{name}`",
    "every row is well formed and every pair is there, but the table does not allow exactly the "
    "moves of Figure 2 (which rows are wrong is not said: that would give them away)":
        "هر ردیف خوش‌ساخت است و هر جفتی هست، اما جدول دقیقاً حرکت‌های شکل ۲ را مجاز "
        "نمی‌داند (گفته نمی‌شود کدام ردیف‌ها نادرست‌اند: این کار لویشان "
        "می‌داد)",
    "the test passes the real batch harness and fails one that allows a forbidden move":
        "آزمون هارنسِ دسته‌ایِ درست را قبول و هارنسی را که حرکتی ممنوع را مجاز می‌داند "
        "رد می‌کند",
    "For each row, call validate(source, target); it raises IllegalTransition when the move is "
    "illegal. assert that what happened matches the row, and return the number of rows.":
        "برای هر ردیف `validate(source, target)` را صدا بزنید؛ وقتی حرکت غیرمجاز است "
        "`IllegalTransition` را برمی‌انگیزد. با `assert` بسنجید که آنچه رخ داد با ردیف جور "
        "است، و شمارِ ردیف‌ها را برگردانید.",
    "the real batch harness alone": "فقط هارنسِ دسته‌ایِ درست",
    "the real batch harness passes: every row checked, and the count returned":
        "هارنسِ دسته‌ایِ درست قبول می‌شود: هر ردیف بررسی شد، و شمارش برگردانده شد",
    "three harnesses: one allows EXECUTING -> IDLE (a pause in the middle of a step), one DONE -> "
    "IDLE, then the real one":
        "سه هارنس: یکی `EXECUTING -> IDLE` را مجاز می‌داند (مکثی وسطِ یک مرحله)، یکی `DONE "
        "-> IDLE` را، سپس هارنسِ درست",
    "a harness that allows a move the batch harness forbids fails the test":
        "هارنسی که حرکتی را که هارنسِ دسته‌ای ممنوع کرده مجاز بداند، در آزمون شکست "
        "می‌خورد",
    "the test fails a harness that forbids a move the batch harness allows":
        "آزمون هارنسی را که حرکتی مجازِ هارنسِ دسته‌ای را ممنوع کند رد می‌کند",
    "three harnesses: one forbids IDLE -> REFLECTING (the resume), the real one, one forbids "
    "AWAITING_TOOL -> REFLECTING":
        "سه هارنس: یکی `IDLE -> REFLECTING` (ازسرگیری) را ممنوع می‌کند، هارنسِ درست، یکی "
        "`AWAITING_TOOL -> REFLECTING` را ممنوع می‌کند",
    "a harness that forbids a move the batch harness allows fails the test":
        "هارنسی که حرکتی مجازِ هارنسِ دسته‌ای را ممنوع کند، در آزمون شکست می‌خورد",
    # --- the cases only the grader adds (agentloop_grader.answers.ch4) ---
    "generated call {number}": "فراخوانیِ ساخته‌شدهٔ {number}",
    "generated command {number}": "فرمانِ ساخته‌شدهٔ {number}",
    "generated session {number}": "جلسهٔ ساخته‌شدهٔ {number}",
    "generated turn limit {number}": "سقفِ نوبتِ ساخته‌شدهٔ {number}",
    "generated limits {number}": "محدودیت‌های ساخته‌شدهٔ {number}",
    "generated harnesses {number}": "هارنس‌های ساخته‌شدهٔ {number}",
    # --- why a chapter 4 answer is wrong (agentloop.checks.ch4) ---
    "the hook is not written yet (it raises NotImplementedError)":
        "هوک هنوز نوشته نشده است (`NotImplementedError` را برمی‌انگیزد)",
    "the hook {hook}; a hook blocks by raising an exception (returning False, SKIP or a message "
    "does not block the call)":
        "هوک: `{hook}`؛ هوک با برانگیختنِ یک استثنا مسدود می‌کند (برگرداندنِ `False`، `SKIP` "
        "یا یک پیام فراخوانی را مسدود نمی‌کند)",
    "the command reached the tool: raise an exception to block it":
        "فرمان به ابزار رسید: برای مسدود کردنش استثنایی برانگیزید",
    "a safe call was blocked (the hook raised)":
        "فراخوانی‌ای بی‌خطر مسدود شد (هوک استثنا برانگیخت)",
    "the hook {hook} for a safe call; to let a call through, return None":
        "هوک برای یک فراخوانیِ بی‌خطر: `{hook}`؛ برای گذراندنِ فراخوانی `None` برگردانید",
    "a safe call did not reach the tool": "فراخوانی‌ای بی‌خطر به ابزار نرسید",
    "the tool received {args}; a guard lets safe calls through unchanged":
        "ابزار `{args}` را دریافت کرد؛ نگهبان فراخوانی‌های بی‌خطر را بی‌تغییر "
        "می‌گذراند",
    "figures() must return a dict with {key}": "`figures()` باید دیکشنری‌ای با `{key}` برگرداند",
    "{key}: expected {expected}, got {output}":
        "`{key}`: `{expected}` انتظار می‌رفت، اما `{output}` آمد",
    "figures() must return a dict with a 'per_step' list":
        "`figures()` باید دیکشنری\u200cای با فهرستِ `'per_step'` برگرداند",
    "expected {expected} steps in per_step, got {count}":
        "{expected} مرحله در `per_step` انتظار می‌رفت، اما {count} آمد",
    "per_step[{number}]: expected {expected}, got {output}":
        "`per_step[{number}]`: `{expected}` انتظار می‌رفت، اما `{output}` آمد",
    "extension {number}: expected {expected}, got {output} (extend only the limit that ran out: "
    "turns or tool calls by 1, seconds by 10)":
        "بزرگ‌ترکردنِ {number}: `{expected}` انتظار می‌رفت، اما `{output}` آمد (فقط "
        "محدودیتی را که تمام شد بزرگ‌تر کنید: نوبت‌ها یا فراخوانی‌های ابزار ۱ تا، "
        "ثانیه‌ها ۱۰ تا)",
    "extension {number} ({extension}): {limit} had been extended {times} times already; close the "
    "session instead":
        "بزرگ‌ترکردنِ {number} (`{extension}`): `{limit}` پیش‌تر {times} بار "
        "بزرگ‌تر شده بود؛ به‌جایش جلسه را ببندید",
    "expected {expected} extension(s), got {count}":
        "{expected} بزرگ‌ترکردن انتظار می‌رفت، اما {count} آمد",
    "expected {expected} extension(s), got {count}: the next one is {extension} (a limit is "
    "extended up to {times} times, counted for each limit on its own)":
        "{expected} بزرگ‌ترکردن انتظار می‌رفت، اما {count} آمد: بعدی `{extension}` است "
        "(هر محدودیت تا {times} بار بزرگ‌تر می‌شود، و برای هر محدودیت جداگانه شمرده "
        "می‌شود)",
    "the session was left in {state}, not DONE: keep going until stop.kind == 'done', or close it":
        "جلسه در `{state}` رها شد، نه `DONE`: تا `stop.kind == 'done'` ادامه دهید، یا ببندیدش",
    "the session ended {outcome}, expected {expected}":
        "جلسه با `{outcome}` تمام شد، `{expected}` انتظار می‌رفت",
    "return the final Stop (the one whose kind is 'done')":
        "`Stop`ِ نهایی را برگردانید (همانی که `kind`ش `'done'` است)",
    "the event log differs from the reference run: answer each tool call with "
    "harness.resume(harness.call_tool(stop.request))":
        "لاگ رویدادها با اجرای مرجع فرق دارد: به هر فراخوانیِ ابزار با "
        "`harness.resume(harness.call_tool(stop.request))` پاسخ دهید",
    "the table must be a list of (source, target, legal) rows":
        "جدول باید فهرستی از ردیف‌های `(source, target, legal)` باشد",
    "row ({source}, {target}, …) names a state that does not exist":
        "ردیفِ `({source}, {target}, …)` حالتی را نام می‌برد که وجود ندارد",
    "row ({source}, {target}): legal must be True or False, got {legal}":
        "ردیفِ `({source}, {target})`: `legal` باید `True` یا `False` باشد، اما `{legal}` آمد",
    "the pair {source} -> {target} appears twice": "جفتِ `{source} -> {target}` دو بار آمده است",
    "no row for {source} -> {target}: the table covers all 36 pairs":
        "ردیفی برای `{source} -> {target}` نیست: جدول همهٔ ۳۶ جفت را در بر می‌گیرد",
    "{source} -> {target} is legal": "`{source} -> {target}` مجاز است",
    "{source} -> {target} is illegal": "`{source} -> {target}` غیرمجاز است",
    "the test was not run on every harness": "آزمون روی همهٔ هارنس‌ها اجرا نشد",
    "the real harness (harness {number} of {total}) failed your test: a row of your table is wrong":
        "هارنسِ درست (هارنسِ {number} از {total}) در آزمونِ شما شکست خورد: یکی از ردیف‌های "
        "جدولتان نادرست است",
    "the real harness (harness {number} of {total}) made your test break ({result})":
        "هارنسِ درست (هارنسِ {number} از {total}) آزمونتان را از کار انداخت ({result})",
    "on the real harness run_table returned {rows}: it must check and count all {count} rows":
        "روی هارنسِ درست `run_table` مقدارِ `{rows}` را برگرداند: باید همهٔ {count} ردیف را بررسی "
        "کند و بشمارد",
    "a harness where {pair} is {now} (harness {number} of {total}) passed your test: the test "
    "must fail it with an AssertionError":
        "هارنسی که در آن `{pair}` اکنون `{now}` است (هارنسِ {number} از {total}) از آزمونتان "
        "گذشت: آزمون باید آن را با یک `AssertionError` رد کند",
    "a harness where {pair} is {now} (harness {number} of {total}) made it break ({result}): the "
    "test must fail it with an AssertionError":
        "هارنسی که در آن `{pair}` اکنون `{now}` است (هارنسِ {number} از {total}) آزمون را از کار "
        "انداخت ({result}): آزمون باید آن را با یک `AssertionError` رد کند",
    # === chapter 5 (agentloop.checks.ch5, agentloop_grader.answers.ch5) ===
    # --- chapter 5's checks: hints, step by step (agentloop.checks.ch5.HINTS) ---
    "Count the reads first: how many pages do the card files make, `page_size` a page?":
        "اول خواندن‌ها را بشمارید: فایل‌های کارت، `page_size` تا در هر صفحه، چند صفحه "
        "می‌سازند؟",
    "A last page that is not full is read all the same, and even an empty board is one page.":
        "صفحهٔ آخری که پر نیست هم به همان شکل خوانده می‌شود، و حتی تابلوی خالی هم یک صفحه "
        "است.",
    "Then add the actions that come after the search, and check yourself on the example board: 5 "
    "actions.":
        "سپس کنش‌هایی را که پس از جست‌وجو می‌آیند بیفزایید، و خودتان را روی تابلوی "
        "نمونه بسنجید: ۵ کنش.",
    "Three of the four settings come straight from the office's rules; the page size is the "
    "exercise.":
        "سه تا از چهار تنظیم مستقیم از قاعده‌های دفتر می‌آیند؛ اندازهٔ صفحه خودِ تمرین "
        "است.",
    "Share out the five steps: what does the route take besides its reads, and what does one "
    "retry of a failed read take?":
        "پنج مرحله را تقسیم کنید: مسیر جز خواندن‌هایش چه می‌گیرد، و یک تلاش دوباره برای "
        "خواندنی ناموفق چه می‌گیرد؟",
    "What is left is the number of reads the board must fit in. Work it out for the ✘ board on "
    "paper, then with your `route_steps`.":
        "آنچه می‌ماند شمارِ خواندن‌هایی است که تابلو باید در آن جا شود. آن را برای "
        "تابلوی ✘ روی کاغذ حساب کنید، سپس با `route_steps`ِ خودتان.",
    "A page holds 1 to 50 card files: the workspace refuses any other page size.":
        "هر صفحه ۱ تا ۵۰ فایلِ کارت دارد: پوشهٔ کار هر اندازهٔ صفحهٔ دیگری را رد می‌کند.",
    "A very short board fits at any page size; a very long one fits at none.":
        "تابلوی خیلی کوتاه با هر اندازهٔ صفحه‌ای جا می‌شود؛ تابلوی خیلی بلند با "
        "هیچ‌کدام.",
    "When nothing fits, the run should read as much of the board as it can before the limit stops "
    "it.":
        "وقتی هیچ چیز جا نمی‌شود، اجرا باید پیش از آنکه سقف متوقفش کند تا جایی که "
        "می‌تواند از تابلو بخواند.",
    "The controller refuses only what your schema forbids: the group's type and lengths belong in "
    "the schema.":
        "کنترل‌گر فقط آنچه را اسکیمای شما ممنوع کرده رد می‌کند: نوع و طول‌های "
        "`group` جایشان در اسکیماست.",
    "The observation has exactly the keys the exercise lists, no more.":
        "مشاهده دقیقاً کلیدهایی را دارد که تمرین فهرست می‌کند، نه بیشتر.",
    "Propose `count_blocked` through `validate_proposal` with an empty group and with 33 "
    "characters, as the cell below does: both must be refused.":
        "`count_blocked` را، همان‌طور که سلولِ زیر می‌کند، از راه `validate_proposal` "
        "با یک `group`ِ خالی و با ۳۳ نویسه پیشنهاد دهید: هر دو باید رد شوند.",
    "Read the board with `load_board(board)`: its cards and the files it could not read.":
        "تابلو را با `load_board(board)` بخوانید: کارت‌هایش و فایل‌هایی که نتوانست "
        "بخواند.",
    "A card is in the group when its own `group` field matches, ignoring case; a word in a title "
    "is not a group.":
        "کارتی در گروه است که فیلدِ `group`ِ خودش، بی‌توجه به بزرگی و کوچکیِ حروف، جور باشد؛ "
        "واژه‌ای در یک عنوان گروه نیست.",
    "Called directly, the tool checks its argument itself, and a board that cannot be read gives "
    "an error observation: never an exception.":
        "وقتی ابزار مستقیم صدا زده شود، خودش آرگومانش را بررسی می‌کند، و تابلویی که خوانده "
        "نمی‌شود یک مشاهدهٔ خطا می‌دهد: هرگز یک استثنا.",
    "Only a complete search is judged; pages still unread mean there is nothing to ask yet.":
        "فقط جست‌وجوی کامل سنجیده می‌شود؛ صفحه‌هایی که هنوز خوانده نشده‌اند "
        "یعنی هنوز چیزی برای پرسیدن نیست.",
    "The candidates are the matches and every card whose id is similar to a match's: one id is "
    "the other followed by `-` and more.":
        "نامزدها کارت‌های جورند و هر کارتی که شناسه‌اش با شناسهٔ یک کارتِ جور مشابه "
        "است: یک شناسه همان دیگری است که `-` و چیزهای دیگری پس از آن آمده.",
    "One candidate is enough only when every card file was read — and the person's own choice "
    "settles it. Walk the ✘ case through the rules in the exercise's order.":
        "یک نامزد فقط وقتی کافی است که همهٔ فایل‌های کارت خوانده شده باشند — و انتخابِ خودِ "
        "آدم کار را یکسره می‌کند. مورد ✘ را به ترتیبِ قاعده‌های تمرین از قاعده‌ها "
        "بگذرانید.",
    "The question names every candidate with its title, and every card file that could not be "
    "read.":
        "پرسش هر نامزد را با عنوانش نام می‌برد، و هر فایلِ کارتی را که خوانده نشد.",
    "It asks (a `?`) and picks nothing: no 'I picked', no 'the card is', and no other card.":
        "می\u200cپرسد (با یک `?`) و هیچ چیز را برنمی\u200cدارد: نه `'I picked'`، نه `'the card "
        "is'`، و نه هیچ کارتِ دیگری. پرسش را به انگلیسی بنویسید: قاعده\u200cهای این بررسی "
        "واژه‌های انگلیسی را می‌خوانند.",
    "Print your question for the ✘ case and read it as Anya would: could she answer it?":
        "پرسشتان را برای مورد ✘ چاپ کنید و همان‌طور بخوانیدش که آنیا می‌خواند: آیا "
        "می‌توانست به آن پاسخ دهد؟",
    "The report says that not every card was checked, and claims nothing else.":
        "گزارش می‌گوید همهٔ کارت‌ها بررسی نشدند، و هیچ ادعای دیگری نمی‌کند.",
    "No success word, not even negated; no 'found', no card id; every file in "
    "`state['unreadable']` is named.":
        "هیچ واژهٔ موفقیتی، حتی منفی؛ نه `'found'`، نه شناسهٔ هیچ کارتی؛ هر فایلِ "
        "`state['unreadable']` نام برده می\u200cشود. گزارش را به انگلیسی بنویسید: قاعده\u200cهای "
        "این بررسی واژه‌های انگلیسی را می‌خوانند.",
    "Read your report for the ✘ case word by word against the exercise's table.":
        "گزارشتان را برای مورد ✘ واژه به واژه با جدولِ تمرین بسنجید.",
    "The card files: how many were read, of how many, and how many were not — as numbers.":
        "فایل‌های کارت: چندتا خوانده شد، از چندتا، و چندتا خوانده نشد — با عدد.",
    "The pages: the state has no list of them, so count them from what each step of the run did.":
        "صفحه‌ها: وضعیت فهرستی از آن‌ها ندارد، پس از روی کاری که هر مرحلهٔ اجرا کرد "
        "بشماریدشان.",
    "What did a step whose read failed add? Compare your count with the `last_step_failure` route "
    "above.":
        "مرحله‌ای که خواندنش شکست خورد چه چیزی افزود؟ شمارشتان را با مسیرِ "
        "`last_step_failure`ِ بالا مقایسه کنید.",
    # --- chapter 5's checks: titles and what each case tests (agentloop.checks.ch5) ---
    "route_steps(): the actions of the one-match route, for a board and a page size":
        "`route_steps()`: کنش‌های مسیرِ یک‌کارتی، برای یک تابلو و یک اندازهٔ صفحه",
    "Count the reads first: how many pages does the board make (a last page that is not full is "
    "read all the same, and even an empty board is one page)? Then add the actions that come "
    "after the search.":
        "اول خواندن‌ها را بشمارید: تابلو چند صفحه می‌سازد (صفحهٔ آخری که پر نیست هم به "
        "همان شکل خوانده می‌شود، و حتی تابلوی خالی هم یک صفحه است)؟ سپس کنش‌هایی را که "
        "پس از جست‌وجو می‌آیند بیفزایید.",
    "14 card files, 5 a page (the example board)": "۱۴ فایلِ کارت، ۵ تا در هر صفحه (تابلوی نمونه)",
    "a last page that is not full is still a page to read":
        "صفحهٔ آخری که پر نیست همچنان صفحه‌ای برای خواندن است",
    "16 card files, 5 a page": "۱۶ فایلِ کارت، ۵ تا در هر صفحه",
    "101 card files, 50 a page": "۱۰۱ فایلِ کارت، ۵۰ تا در هر صفحه",
    "14 card files, 2 a page": "۱۴ فایلِ کارت، ۲ تا در هر صفحه",
    "card files that fill every page exactly make no extra page":
        "فایل‌های کارتی که همهٔ صفحه‌ها را درست پر می‌کنند صفحهٔ اضافه‌ای "
        "نمی‌سازند",
    "15 card files, 5 a page": "۱۵ فایلِ کارت، ۵ تا در هر صفحه",
    "100 card files, 50 a page": "۱۰۰ فایلِ کارت، ۵۰ تا در هر صفحه",
    "3 card files, 5 a page": "۳ فایلِ کارت، ۵ تا در هر صفحه",
    "a board that fits on one page: one read, then validate and draft":
        "تابلویی که در یک صفحه جا می‌شود: یک خواندن، سپس اعتبارسنجی و پیش‌نویس",
    "1 card file, 1 a page": "۱ فایلِ کارت، ۱ تا در هر صفحه",
    "an empty board, 5 a page": "تابلویی خالی، ۵ تا در هر صفحه",
    "an empty board is still one (empty) page to read":
        "تابلوی خالی همچنان یک صفحهٔ (خالی) برای خواندن است",
    "office_policy(): the route and a retry fit, with the fewest card files a page":
        "`office_policy()`: مسیر و یک تلاش دوباره جا می‌شوند، با کمترین فایلِ کارت در هر صفحه",
    "Count the one-match route's actions for a page size: every page, validate, draft, and the "
    "check's board fails its first read once. Which page size is the smallest that still fits in "
    "max_steps? (1 to 50 card files a page.)":
        "کنش‌های مسیرِ یک‌کارتی را برای یک اندازهٔ صفحه بشمارید: همهٔ صفحه‌ها، "
        "اعتبارسنجی، پیش‌نویس، و تابلوی بررسی نخستین خواندنش را یک بار شکست می‌دهد. "
        "کوچک‌ترین اندازهٔ صفحه‌ای که هنوز در `max_steps` جا می‌شود کدام است؟ (۱ "
        "تا ۵۰ فایلِ کارت در هر صفحه.)",
    "14 card files (as many as the example board)": "۱۴ فایلِ کارت (به اندازهٔ تابلوی نمونه)",
    "the route and one retry fit in five steps, with the fewest card files a page":
        "مسیر و یک تلاش دوباره در پنج مرحله جا می‌شوند، با کمترین فایلِ کارت در هر صفحه",
    "10 card files": "۱۰ فایلِ کارت",
    "5 card files": "۵ فایلِ کارت",
    "99 card files": "۹۹ فایلِ کارت",
    "100 card files": "۱۰۰ فایلِ کارت",
    "office_policy(): the smallest and the longest boards":
        "`office_policy()`: کوچک‌ترین و بلندترین تابلوها",
    "A page holds at least 1 card file and at most 50 (the workspace refuses others); when even "
    "the largest page does not fit, the run should still read as much as it can before the limit "
    "stops it.":
        "هر صفحه دست‌کم ۱ و حداکثر ۵۰ فایلِ کارت دارد (پوشهٔ کار بقیه را رد می‌کند)؛ "
        "وقتی حتی بزرگ‌ترین صفحه هم جا نمی‌شود، اجرا باید باز هم پیش از آنکه سقف متوقفش "
        "کند تا جایی که می‌تواند بخواند.",
    "an empty board": "تابلویی خالی",
    "a board so short that one card file a page fits: page_size 1 (a page holds one)":
        "تابلویی چنان کوتاه که با یک فایلِ کارت در هر صفحه جا می‌شود: `page_size` برابر ۱ "
        "(هر صفحه یکی)",
    "1 card file": "۱ فایلِ کارت",
    "101 card files": "۱۰۱ فایلِ کارت",
    "a board no page size fits: the largest page the workspace allows, so the run reads as much "
    "as it can before it stops at the limit":
        "تابلویی که هیچ اندازهٔ صفحه‌ای جایش نمی‌دهد: بزرگ‌ترین صفحه‌ای که "
        "پوشهٔ کار اجازه می‌دهد، تا اجرا پیش از ایستادن در سقف تا جایی که می‌تواند "
        "بخواند",
    "150 card files": "۱۵۰ فایلِ کارت",
    "400 card files": "۴۰۰ فایلِ کارت",
    "count_blocked behind the controller: what its schema lets through":
        "`count_blocked` پشتِ کنترل‌گر: اسکیمایش چه چیزی را می‌گذراند",
    "The controller refuses only what the schema forbids: which type and which lengths may a "
    "group have? The observation has exactly ok, group, blocked, count and unreadable.":
        "کنترل‌گر فقط آنچه را اسکیما ممنوع کرده رد می‌کند: `group` چه نوعی و چه "
        "طول‌هایی می‌تواند داشته باشد؟ مشاهده دقیقاً `ok`، `group`، `blocked`، `count` "
        "و `unreadable` را دارد.",
    "count_blocked('lab') on the example board": "`count_blocked('lab')` روی تابلوی نمونه",
    "a group of 1 to 32 characters runs: its blocked cards, their count, the unreadable files":
        "`group`ی ۱ تا ۳۲ نویسه‌ای اجرا می‌شود: کارت‌های گیرکرده‌اش، شمارشان، "
        "فایل‌های خوانده‌نشدنی",
    "count_blocked('LAB'): the group ignores case":
        "`count_blocked('LAB')`: `group` به بزرگی و کوچکیِ حروف اعتنا نمی\u200cکند",
    "a group of 32 characters runs (no such group)":
        "`group`ی ۳۲ نویسه‌ای اجرا می‌شود (چنین گروهی نیست)",
    "an empty group → refused (bad_argument)": "`group`ِ خالی ← رد (`bad_argument`)",
    "a bad group (empty, longer than 32, not a text) is refused by the controller":
        "`group`ِ بد (خالی، بلندتر از ۳۲، نه یک متن) را کنترل‌گر رد می‌کند",
    "a group of 33 characters → refused": "`group`ی ۳۳ نویسه‌ای ← رد",
    "group 3, not a text → refused (bad_argument)":
        "`group` برابر `3`، نه یک متن ← رد (`bad_argument`)",
    "no group → refused (missing_argument)": "بی `group` ← رد (`missing_argument`)",
    "an extra status → refused (extra_argument)": "یک `status`ِ اضافه ← رد (`extra_argument`)",
    "read_task_cards still runs next to it": "`read_task_cards` کنارِ آن همچنان اجرا می‌شود",
    "the officer's tools keep working next to count_blocked":
        "ابزارهای «مسئول کشیک» کنارِ `count_blocked` همچنان کار می‌کنند",
    "count_blocked called directly on generated boards":
        "`count_blocked` که مستقیم روی تابلوهای ساخته‌شده صدا زده می‌شود",
    "Read the board with load_board (BoardError: the board cannot be read); a card is in the "
    "group when its group field equals the argument, ignoring case; check the argument yourself "
    "before you use it.":
        "تابلو را با `load_board` بخوانید (`BoardError`: تابلو خوانده نمی‌شود)؛ کارتی در "
        "گروه است که فیلدِ `group`ش، بی‌توجه به بزرگی و کوچکیِ حروف، با آرگومان برابر باشد؛ "
        "پیش از به کار بردنِ آرگومان خودتان بررسی‌اش کنید.",
    "'lab' on the example board": "`'lab'` روی تابلوی نمونه",
    "the group's blocked cards by id, sorted, and how many; a group word in a title does not count":
        "کارت‌های گیرکردهٔ گروه با شناسه، مرتب‌شده، و شمارشان؛ واژهٔ گروه در یک عنوان "
        "به حساب نمی‌آید",
    "'admin' on the example board": "`'admin'` روی تابلوی نمونه",
    "'Lab' is the same group as 'lab'": "`'Lab'` همان گروهِ `'lab'` است",
    "the group is compared without regard to case":
        "گروه بی‌توجه به بزرگی و کوچکیِ حروف مقایسه می‌شود",
    "'design': no blocked card": "`'design'`: هیچ کارتِ گیرکرده\u200cای",
    "a group without blocked cards: ok, an empty list, count 0":
        "گروهی بی کارتِ گیرکرده: `ok`، فهرستی خالی، `count` برابر ۰",
    "'kitchen': no card at all": "`'kitchen'`: اصلاً هیچ کارتی",
    "the example board's task-012.md cannot be read": "`task-012.md`ِ تابلوی نمونه خوانده نمی‌شود",
    "card files that cannot be read are listed, sorted (the count may be incomplete)":
        "فایل‌های کارتی که خوانده نمی‌شوند فهرست می‌شوند، مرتب‌شده (شمار ممکن "
        "است ناقص باشد)",
    "group 42 → an error observation": "`group` برابر `42` ← یک مشاهدهٔ خطا",
    "called directly with a bad group: an error observation, never an exception":
        "مستقیم صدا زده شده با `group`ِ بد: یک مشاهدهٔ خطا، هرگز یک استثنا",
    "an empty group → an error observation": "`group`ِ خالی ← یک مشاهدهٔ خطا",
    "a group of 40 characters → an error observation": "`group`ی ۴۰ نویسه‌ای ← یک مشاهدهٔ خطا",
    "a board folder that is not there → an error observation":
        "پوشهٔ تابلویی که وجود ندارد ← یک مشاهدهٔ خطا",
    "a board that cannot be read: an error observation, never an exception":
        "تابلویی که خوانده نمی‌شود: یک مشاهدهٔ خطا، هرگز یک استثنا",
    "after_search(): continue, or ask — the office's rule":
        "`after_search()`: ادامه، یا پرسیدن — قاعدهٔ دفتر",
    "Only a complete search is judged. Which cards could the person mean: the matches, and which "
    "others? When could a card file that was not read change the answer? And when does the "
    "person's own choice settle it?":
        "فقط جست‌وجوی کامل سنجیده می‌شود. آدم کدام کارت‌ها را ممکن است منظور داشته "
        "باشد: کارت‌های جور، و کدام‌های دیگر؟ فایلِ کارتی که خوانده نشد کی "
        "می‌تواند پاسخ را عوض کند؟ و انتخابِ خودِ آدم کی کار را یکسره می‌کند؟",
    "'equipment': task-003 and task-003-copy": "`'equipment'`: `task-003` و `task-003-copy`",
    "several matches → needs_input": "چند کارتِ جور ← `needs_input`",
    "'lab': five cards of the lab group": "`'lab'`: پنج کارت از گروهِ `lab`",
    "'task-003' on the fixed board: task-003-copy is there too":
        "`'task-003'` روی تابلوی درست\u200cشده: `task-003-copy` هم آنجاست",
    "one match, but a card with a similar id is on the board → needs_input":
        "یک کارتِ جور، اما کارتی با شناسه‌ای مشابه روی تابلوست ← `needs_input`",
    "'task-003-copy' on the fixed board: task-003 is there too":
        "`'task-003-copy'` روی تابلوی درست\u200cشده: `task-003` هم آنجاست",
    "'posters' on the fixed board: task-004 alone":
        "`'posters'` روی تابلوی درست\u200cشده: فقط `task-004`",
    "one candidate, and every card file was read → continue":
        "یک نامزد، و همهٔ فایل‌های کارت خوانده شدند ← `continue`",
    "'posters' on the office board: task-004 alone, task-012.md unread":
        "`'posters'` روی تابلوی دفتر: فقط `task-004`، `task-012.md` خوانده\u200cنشده",
    "one candidate, but a card file could not be read → needs_input (it might be the card)":
        "یک نامزد، اما فایلِ کارتی خوانده نشد ← `needs_input` (ممکن است همان کارت باشد)",
    "'task-004' with task-0040 on the board": "`'task-004'` با `task-0040` روی تابلو",
    "an id that only starts like the match's (task-004, task-0040) is not similar → continue":
        "شناسه‌ای که فقط آغازش مثل شناسهٔ کارتِ جور است (`task-004`، `task-0040`) مشابه نیست "
        "← `continue`",
    "'catering': nothing on the whole board": "`'catering'`: هیچ چیز در کلِ تابلو",
    "no match on the whole board → needs_input": "هیچ کارتِ جوری در کلِ تابلو ← `needs_input`",
    "'equipment' after page 1 of 3": "`'equipment'` پس از صفحهٔ ۱ از ۳",
    "pages still unread → continue, ask nothing yet":
        "صفحه‌هایی هنوز خوانده‌نشده ← `continue`، هنوز چیزی نپرس",
    "'task-003', the card Anya chose: task-003-copy and task-012.md are still there":
        "`'task-003'`، کارتی که آنیا برگزید: `task-003-copy` و `task-012.md` هنوز آنجایند",
    "the person chose the card the search found → continue, whatever else is on the board":
        "آدم کارتی را برگزید که جست‌وجو پیدا کرد ← `continue`، هر چه دیگر هم روی تابلو باشد",
    "after_search(): the question a person is asked":
        "`after_search()`: پرسشی که از آدم پرسیده می‌شود",
    "Name every candidate with its title (load_board gives you the cards) and every card file "
    "that could not be read, ask the person, and name no other card; with no candidate, quote the "
    "query and say that no card matched.":
        "هر نامزد را با عنوانش (`load_board` کارت‌ها را به شما می‌دهد) و هر فایلِ کارتی "
        "را که خوانده نشد نام ببرید، از آدم بپرسید، و هیچ کارتِ دیگری را نام نبرید؛ بی نامزد، "
        "پرس‌وجو را نقل کنید و بگویید هیچ کارتی جور نبود. پرسش را به انگلیسی بنویسید: "
        "قاعده‌های این بررسی واژه‌های انگلیسی را می‌خوانند.",
    "'equipment' on the fixed board: two cards": "`'equipment'` روی تابلوی درست\u200cشده: دو کارت",
    "several candidates: the question names each with its title and picks none":
        "چند نامزد: پرسش هر کدام را با عنوانش نام می‌برد و هیچ‌کدام را برنمی‌دارد",
    "'lab' on the fixed board: five cards": "`'lab'` روی تابلوی درست\u200cشده: پنج کارت",
    "'task-003' and its similar task-003-copy": "`'task-003'` و `task-003-copy`ِ مشابهش",
    "a similar id: the question names both cards with their titles":
        "شناسه‌ای مشابه: پرسش هر دو کارت را با عنوانشان نام می‌برد",
    "'posters' on the office board: task-004, and task-012.md unread":
        "`'posters'` روی تابلوی دفتر: `task-004`، و `task-012.md` خوانده\u200cنشده",
    "one card, but a card file went unread: the question names the card with its title and the "
    "file, and asks to confirm":
        "یک کارت، اما فایلِ کارتی خوانده نشد: پرسش کارت را با عنوانش و فایل را نام می‌برد، و "
        "تأیید می‌خواهد",
    "'equipment' on the office board: two cards, and task-012.md unread":
        "`'equipment'` روی تابلوی دفتر: دو کارت، و `task-012.md` خوانده\u200cنشده",
    "every card file that could not be read is named in the question: it might be the card":
        "هر فایلِ کارتی که خوانده نشد در پرسش نام برده می‌شود: ممکن است همان کارت باشد",
    "'catering' on the fixed board: nothing matched":
        "`'catering'` روی تابلوی درست\u200cشده: هیچ چیز جور نبود",
    "no match: the question quotes the query and says no card matched":
        "بی کارتِ جور: پرسش پرس‌وجو را نقل می‌کند و می‌گوید هیچ کارتی جور نبود",
    "'catering' on the office board: nothing matched that could be read":
        "`'catering'` روی تابلوی دفتر: هیچ چیزِ خواندنی\u200cای جور نبود",
    "limit_report(): honest about what was not checked":
        "`limit_report()`: صادق دربارهٔ آنچه بررسی نشد",
    "Say that not all cards were checked, name each file in state['unreadable'], and claim "
    "nothing: no success words (not even negated), no 'found', no card id.":
        "بگویید همهٔ کارت\u200cها بررسی نشدند، هر فایلِ `state['unreadable']` را نام ببرید، و هیچ "
        "ادعایی نکنید: هیچ واژهٔ موفقیتی (حتی منفی)، نه `'found'`، نه شناسهٔ هیچ کارتی. گزارش را "
        "به انگلیسی بنویسید: قاعده‌های این بررسی واژه‌های انگلیسی را می‌خوانند.",
    "the limit route: 2 card files a page, 5 steps":
        "مسیرِ `limit`: ۲ فایلِ کارت در هر صفحه، ۵ مرحله",
    "says that not every card was checked; no success words, nothing found, no card":
        "می‌گوید همهٔ کارت‌ها بررسی نشدند؛ بی واژه‌های موفقیت، بی «پیدا شد»، بی "
        "هیچ کارتی",
    "the limit2 route: 5 a page, 2 steps": "مسیرِ `limit2`: ۵ تا در هر صفحه، ۲ مرحله",
    "13 a page, 1 step: task-012.md was on the page read":
        "۱۳ تا در هر صفحه، ۱ مرحله: `task-012.md` در صفحهٔ خوانده‌شده بود",
    "names every card file on the pages read that could not be read":
        "هر فایلِ کارتی را در صفحه‌های خوانده‌شده که خوانده نشد نام می‌برد",
    "3 a page, 4 steps: the first read failed and was retried":
        "۳ تا در هر صفحه، ۴ مرحله: نخستین خواندن شکست خورد و دوباره امتحان شد",
    "the last_step_failure route: the fifth read failed, no step left for the retry":
        "مسیرِ `last_step_failure`: پنجمین خواندن شکست خورد، مرحله‌ای برای تلاش دوباره نماند",
    "limit_report(): the counts of what was read and what was not, and no false claim":
        "`limit_report()`: شمارِ آنچه خوانده شد و آنچه نه، و بی هیچ ادعای نادرست",
    "The card files: state['scanned'] of state['total'], and how many were not read. The pages: "
    "the state has no list of them — what did each step of this run do, and what did a step whose "
    "read failed add? Any other number must be one of the run's counts or limits.":
        "فایل\u200cهای کارت: `state['scanned']` از `state['total']`، و چندتا خوانده نشد. "
        "صفحه‌ها: وضعیت فهرستی از آن‌ها ندارد — هر مرحلهٔ این اجرا چه کرد، و "
        "مرحله‌ای که خواندنش شکست خورد چه چیزی افزود؟ هر عددِ دیگری باید یکی از "
        "شمارنده‌ها یا سقف‌های اجرا باشد.",
    "states the card files read, of how many, and how many were not; the pages read, of how many; "
    "no other number, and no false claim":
        "فایل‌های کارتِ خوانده‌شده، از چندتا، و چندتا که خوانده نشد را می‌گوید؛ "
        "صفحه‌های خوانده‌شده، از چندتا؛ بی هیچ عددِ دیگر، و بی ادعای نادرست",
    "a read that failed read no page: the pages read are fewer than the steps":
        "خواندنی که شکست خورد هیچ صفحه‌ای نخواند: صفحه‌های خوانده‌شده کمتر از "
        "مرحله‌هایند",
    # --- the cases only the grader adds (agentloop_grader.answers.ch5) ---
    "generated board {number}": "تابلوی ساخته‌شدهٔ {number}",
    "generated board of {count} card files": "تابلوی ساخته‌شده با {count} فایلِ کارت",
    "generated long board {number}": "تابلوی بلندِ ساخته‌شدهٔ {number}",
    # --- why a chapter 5 answer is wrong (agentloop.checks.ch5) ---
    "return the number of actions as a whole number (an int), got {output}":
        "شمارِ کنش‌ها را به شکل یک عددِ صحیح (یک `int`) برگردانید، اما `{output}` آمد",
    "{card_files} card files, {page_size} a page: the route takes {expected} actions, not {output}":
        "{card_files} فایلِ کارت، {page_size} تا در هر صفحه: مسیر {expected} کنش برمی‌دارد، "
        "نه `{output}`",
    "the settings do not load as a workspace: {problem}":
        "تنظیم‌ها به‌عنوان پوشهٔ کار بار نمی‌شوند: {problem}",
    "return a dict with exactly {keys}; got {output}":
        "دیکشنری‌ای با دقیقاً `{keys}` برگردانید؛ `{output}` آمد",
    "the office allows {max_steps} actions a run: max_steps {steps}":
        "دفتر در هر اجرا {max_steps} کنش اجازه می‌دهد: `max_steps` برابر `{steps}`",
    "the office allows one retry of a failed read: max_retries 1":
        "دفتر برای خواندنِ ناموفق یک تلاش دوباره اجازه می‌دهد: `max_retries` برابر ۱",
    "guards: the repeated-action guard and nothing else, ['repeated']":
        "`guards`: نگهبانِ کنشِ تکراری و هیچ چیزِ دیگر، `['repeated']`",
    "page_size {page} fits as well: use the fewest card files a page (a page is what the model is "
    "sent in one go)":
        "`page_size` برابر {page} هم جا می‌شود: کمترین فایلِ کارت در هر صفحه را به کار ببرید "
        "(صفحه همان چیزی است که یک‌جا برای مدل فرستاده می‌شود)",
    "with page_size {page}, on a board of {count} card files whose first read fails once, the run "
    "stops at the limit on step {step}: the route and its retry do not fit in max_steps "
    "{max_steps}":
        "با `page_size` برابر {page}، روی تابلویی با {count} فایلِ کارت که نخستین خواندنش یک بار "
        "شکست می‌خورد، اجرا در مرحلهٔ {step} در سقف می‌ایستد: مسیر و تلاش "
        "دوباره‌اش در `max_steps` برابر {max_steps} جا نمی‌شوند",
    "no page size fits {count} card files: take the largest page the workspace allows, so that "
    "the run reads as much as it can (page_size {page} reads {scanned} before the limit)":
        "هیچ اندازهٔ صفحه‌ای {count} فایلِ کارت را جا نمی‌دهد: بزرگ‌ترین "
        "صفحه‌ای را که پوشهٔ کار اجازه می‌دهد بردارید، تا اجرا تا جایی که می‌تواند "
        "بخواند (`page_size` برابر {page} پیش از سقف {scanned} فایل می‌خواند)",
    "expected an error observation {'ok': False, 'error': ...}, got {output}":
        "یک مشاهدهٔ خطا `{'ok': False, 'error': ...}` انتظار می\u200cرفت، اما `{output}` آمد",
    "an error observation says why in 'error', a non-empty text":
        "مشاهدهٔ خطا در `'error'`، با متنی ناتهی، می\u200cگوید چرا",
    "the observation has the keys {keys}; expected {expected}":
        "مشاهده کلیدهای `{keys}` را دارد؛ `{expected}` انتظار می‌رفت",
    "no tool named 'count_blocked' is in the registry after your function ran":
        "پس از اجرای تابعِ شما، ابزاری به نامِ `'count_blocked'` در رجیستری نیست",
    "give count_blocked a description a model can read (a sentence)":
        "به `count_blocked` توضیحی بدهید که مدل بتواند بخواند (یک جمله)",
    "the reported outcome does not match what the controller decides for that schema":
        "سرانجامِ گزارش‌شده با آنچه کنترل‌گر برای آن اسکیما تصمیم می‌گیرد جور نیست",
    "the controller ran it; it should refuse it with {expected}: check the schema":
        "کنترل‌گر اجرایش کرد؛ باید با `{expected}` ردش کند: اسکیما را بررسی کنید",
    "refused with {code}; expected {expected}": "با `{code}` رد شد؛ `{expected}` انتظار می‌رفت",
    "the controller refused it with {code}; it should run":
        "کنترل‌گر آن را با `{code}` رد کرد؛ باید اجرا شود",
    "return a pair (decision, question), got {output}":
        "یک جفت `(decision, question)` برگردانید، اما `{output}` آمد",
    "pages are still unread": "صفحه‌هایی هنوز خوانده نشده‌اند",
    "expected {expected}, got {output} ({why})":
        "`{expected}` انتظار می‌رفت، اما `{output}` آمد ({why})",
    "continue asks nothing: the question is None": "`continue` چیزی نمی‌پرسد: پرسش `None` است",
    "needs_input comes with the question for the person, a non-empty str":
        "`needs_input` همراه با پرسش برای آدم می‌آید، یک `str`ِ ناتهی",
    "expected 'needs_input', got {output}":
        "`'needs_input'` انتظار می\u200cرفت، اما `{output}` آمد",
    "keep the question under 500 characters: a person has to read it":
        "پرسش را زیر ۵۰۰ نویسه نگه دارید: آدمی باید آن را بخواند",
    "the question names {card}, which is not one of the candidates":
        "پرسش `{card}` را نام می‌برد، که یکی از نامزدها نیست",
    "ask the person: the question needs a '?'": "از آدم بپرسید: پرسش یک `'?'` لازم دارد",
    "nothing was chosen, but the question says {words}":
        "چیزی برگزیده نشد، اما پرسش می‌گوید `{words}`",
    "{file} could not be read, so it might be the card: name every card file that could not be "
    "read":
        "`{file}` خوانده نشد، پس ممکن است همان کارت باشد: هر فایلِ کارتی را که خوانده نشد نام "
        "ببرید",
    "say what was searched for: quote the query {query}":
        "بگویید چه چیزی جست‌وجو شد: پرس‌وجوی `{query}` را نقل کنید",
    "the person must see every candidate; missing {card}":
        "آدم باید همهٔ نامزدها را ببیند؛ جا افتاده: `{card}`",
    "give each candidate its title, so the person can tell them apart: {card} is {title}":
        "به هر نامزد عنوانش را بدهید، تا آدم بتواند آن‌ها را از هم جدا کند: `{card}` یعنی "
        "`{title}`",
    "cards did match: do not say that none did": "کارت‌هایی جور بودند: نگویید هیچ‌کدام جور نبود",
    "say that not every card was checked (e.g. 'not all cards were checked')":
        "بگویید همهٔ کارت\u200cها بررسی نشدند (مثلاً `'not all cards were checked'`)",
    "keep the report under 400 characters: a person has to read it":
        "گزارش را زیر ۴۰۰ نویسه نگه دارید: آدمی باید آن را بخواند",
    "nothing was achieved, but the report says {words} (even negated)":
        "به چیزی نرسیدیم، اما گزارش می‌گوید `{words}` (حتی منفی)",
    "no card was confirmed: do not say 'found'": "هیچ کارتی تأیید نشد: `'found'` نگویید",
    "not everything was checked, but the report claims it was":
        "همه چیز بررسی نشد، اما گزارش خلاف آن را ادعا می‌کند",
    "the search ended before its last page, but the report says {pages} of {total} pages were read":
        "جست‌وجو پیش از صفحهٔ آخرش تمام شد، اما گزارش می‌گوید {pages} صفحه از {total} "
        "خوانده شد",
    "name no card ({card}): the matches on the pages read are not a result":
        "هیچ کارتی را نام نبرید (`{card}`): کارت‌های جورِ صفحه‌های خوانده‌شده "
        "نتیجه نیستند",
    "name every card file that could not be read: {file} is missing":
        "هر فایلِ کارتی را که خوانده نشد نام ببرید: `{file}` جا افتاده است",
    "say how many card files were read, of how many ({scanned} of {total})":
        "بگویید چند فایلِ کارت خوانده شد، از چندتا ({scanned} از {total})",
    "say how many card files were not read, as a number ({unread})":
        "بگویید چند فایلِ کارت خوانده نشد، با عدد ({unread})",
    "the report says {said} of {of} pages were read, but the run read {pages}: count the reads "
    "that worked":
        "گزارش می‌گوید {said} صفحه از {of} خوانده شد، اما اجرا {pages} صفحه خواند: "
        "خواندن‌هایی را که انجام شدند بشمارید",
    "say how many pages were read, of how many ({pages} of {page_count})":
        "بگویید چند صفحه خوانده شد، از چندتا ({pages} از {page_count})",
    "the report says {number}, which is none of this run's counts or limits":
        "گزارش عددِ {number} را می‌گوید، که هیچ‌یک از شمارنده‌ها یا سقف‌های "
        "این اجرا نیست",
    # --- chapters 2 and 3: the controller's reasons, whole numbers, the proposal explorer,
    # the transcript, its viewer and the token plot ---
    "proposal rejected ({code}): {reason}": "پیشنهاد رد شد (`{code}`): {reason}",
    "a proposal must be a dict, got {kind}":
        "پیشنهاد باید یک دیکشنری (`dict`) باشد، اما `{kind}` رسید",
    "type must be 'tool' or 'final', got {kind}":
        "`type` باید `'tool'` یا `'final'` باشد، اما `{kind}` رسید",
    "a {kind} proposal needs {field}": "پیشنهاد از نوع `{kind}` به فیلد `{field}` نیاز دارد",
    "a {kind} proposal has only {fields}; got also {field}":
        "پیشنهاد از نوع `{kind}` فقط فیلدهای `{fields}` را دارد؛ `{field}` هم آمده است",
    "no tool named {name}; registered: {names}":
        "ابزاری به نام `{name}` نیست؛ ثبت‌شده‌ها: `{names}`",
    "args must be a dict of argument values, got {args}":
        "`args` باید دیکشنری مقدارهای آرگومان‌ها باشد، اما `{args}` رسید",
    "{name} needs the argument {arg}": "ابزار `{name}` به آرگومان `{arg}` نیاز دارد",
    "{name} takes {allowed}; got also {arg}":
        "ابزار `{name}` فقط `{allowed}` را می‌پذیرد؛ `{arg}` هم آمده است",
    "{name}'s {arg} must be {kind}, got {value}":
        "`{arg}` ابزار `{name}` باید از نوع `{kind}` باشد، اما `{value}` رسید",
    "{name}'s {arg} must be from {low} to {high} characters, got {value}":
        "`{arg}` ابزار `{name}` باید {low} تا {high} نویسه باشد، اما `{value}` رسید",
    "{name}'s {arg} must be from {low} to {high}, got {value}":
        "`{arg}` ابزار `{name}` باید از {low} تا {high} باشد، اما `{value}` رسید",
    "{name}'s {arg} must be at most {high} characters, got {value}":
        "`{arg}` ابزار `{name}` باید حداکثر {high} نویسه باشد، اما `{value}` رسید",
    "{name}'s {arg} must be at least {low} characters, got {value}":
        "`{arg}` ابزار `{name}` باید دست‌کم {low} نویسه باشد، اما `{value}` رسید",
    "{name}'s {arg} must be at most {high}, got {value}":
        "`{arg}` ابزار `{name}` باید حداکثر {high} باشد، اما `{value}` رسید",
    "{name}'s {arg} must be at least {low}, got {value}":
        "`{arg}` ابزار `{name}` باید دست‌کم {low} باشد، اما `{value}` رسید",
    "{name}'s {arg} must be the requested key {key}, got {value}":
        "`{arg}` ابزار `{name}` باید همان کلید درخواست‌شده `{key}` باشد، اما `{value}` رسید",
    "a final answer needs an observation first: call a tool":
        "پاسخ نهایی اول به یک مشاهده نیاز دارد: ابزاری را فرا بخوانید",
    "the answer must be what the last tool call returned ({result}), got {answer}":
        "پاسخ باید همان چیزی باشد که آخرین فراخوانی ابزار برگرداند (`{result}`)، اما "
        "`{answer}` رسید",
    "tokens": "توکن",
    "key must be a string of {low} to {high} characters, got {key}":
        "کلید باید رشته‌ای {low} تا {high} نویسه‌ای باشد، اما `{key}` رسید",
    "{field} is not valid JSON ({error} at column {column})":
        "`{field}` یک JSON درست نیست (`{error}` در ستون {column})",
    "the run ends with answer {answer}": "اجرا با پاسخ `{answer}` تمام می‌شود",
    "the controller runs {tool}({args})": "کنترل‌گر `{tool}({args})` را اجرا می‌کند",
    "not validated yet: {reason}": "هنوز بررسی نشده: {reason}",
    "accepted: {reason}": "پذیرفته شد: {reason}",
    "REJECTED ({code}): {reason} — nothing ran": "رد شد (`{code}`): {reason} — هیچ چیز اجرا نشد",
    "REJECTED ({code}): {reason}": "رد شد (`{code}`): {reason}",
    "ran {tool} → {result}": "`{tool}` اجرا شد ← `{result}`",
    "final answer accepted → {status}": "پاسخ نهایی پذیرفته شد ← `{status}`",
    "the controller refused a proposal: run() raises ProposalRejected here":
        "کنترل‌گر یک پیشنهاد را رد کرد: اینجا `run()` خطای `ProposalRejected` می‌دهد",
    "status: stopped — 1 step used and no final answer: not a success, whatever the lookup "
    "returned":
        "سرانجام: `stopped` — ۱ مرحله مصرف شد و پاسخ نهایی‌ای نیست: این موفقیت نیست، هر چه "
        "`lookup` برگردانده باشد",
    "status: stopped — {max_steps} steps used and no final answer: not a success, whatever "
    "the lookup returned":
        "سرانجام: `stopped` — {max_steps} مرحله مصرف شد و پاسخ نهایی‌ای نیست: این موفقیت "
        "نیست، هر چه `lookup` برگردانده باشد",
    "status: {status}; answer: {answer}": "سرانجام: `{status}`؛ پاسخ: `{answer}`",
    "proposal": "پیشنهاد",
    "outcome": "نتیجه",
    "asked about": "پرسش دربارهٔ",
    "after one lookup": "پس از یک lookup",
    "preset": "نمونهٔ آماده",
    "type": "نوع",
    "tool name": "نام ابزار",
    "args (JSON)": "args (JSON)",
    "answer (JSON)": "answer (JSON)",
    "planner": "برنامه‌ریز",
    "One proposal": "یک پیشنهاد",
    "A whole run": "یک اجرای کامل",
    "lookup the requested key": "lookup کلید درخواست‌شده",
    "lookup another key": "lookup کلیدی دیگر",
    "lookup with an extra argument": "lookup با آرگومان اضافه",
    "lookup a 40-character key": "lookup کلیدی ۴۰ نویسه‌ای",
    "run Python code": "اجرای کد پایتون",
    "final: what was observed": "final: همان که مشاهده شد",
    "final: an invented record": "final: رکوردی ساختگی",
    "final: nothing found (None)": "final: چیزی پیدا نشد (None)",
    "type a requested key of 1 to 32 characters": "کلید درخواستی را با ۱ تا ۳۲ نویسه بنویسید",
    "asked about {key}, after one lookup": "پرسش دربارهٔ `{key}`، پس از یک `lookup`",
    "asked about {key}, before any step": "پرسش دربارهٔ `{key}`، پیش از هر مرحله",
    "(not valid JSON)": "(JSON درست نیست)",
    "proposal: {proposal}": "پیشنهاد: `{proposal}`",
    "task: {task}": "کار: {task}",
    "  step {step}. end: {answer}": "  مرحلهٔ {step}. پایان: {answer}",
    "  step {step}. plan: {plan}": "  مرحلهٔ {step}. نقشه: {plan}",
    "    action: {action}": "    کنش: `{action}`",
    "    observation (error): {content}": "    مشاهده (خطا): {content}",
    "    observation: {content}": "    مشاهده: {content}",
    "  stopping: {why}": "  توقف: {why}",
    "{reason} → to an employee": "{reason} ← به یک کارمند",
    "needs a human — {reason}": "انسانی لازم است — {reason}",
    "the model stopped ({reason})": "مدل متوقف شد (`{reason}`)",
    "pending approval: {requests}": "در انتظار تأیید: {requests}",
    "{request} for {order}": "{request} برای سفارش {order}",
    "{max_steps} steps without an answer": "{max_steps} مرحله بی‌پاسخ",
    "no reason": "بی‌دلیل",
    "same action twice → to an employee": "همان کنش دو بار ← به یک کارمند",
    "token budget passed ({total} > {budget}) → to an employee":
        "بودجهٔ توکن رد شد ({total} > {budget}) ← به یک کارمند",
    "— (answered)": "— (پاسخ داد)",
    "not run": "اجرا نشد",
    "exit: end_turn on step {step} (the model answered)":
        "راه خروج: `end_turn` در مرحلهٔ {step} (مدل پاسخ داد)",
    "exit: a guard on step {step} ({reason})": "راه خروج: یک نگهبان در مرحلهٔ {step} ({reason})",
    "exit: {exit} on step {step} ({reason})": "راه خروج: `{exit}` در مرحلهٔ {step} ({reason})",
    "plan": "نقشه",
    "tokens sent": "توکن‌های فرستاده",
    "running total": "جمع تا اینجا",
    "task": "کار",
    "repeated-action guard": "نگهبان کنش تکراری",
    "token budget guard": "نگهبان بودجهٔ توکن",
    "budget": "بودجه",
    "yes": "بله",
    "no": "نه",
    "over {budget}?": "بیش از {budget}؟",
    "an action to run?": "کنشی برای اجرا؟",
    # --- the start page's other languages (agentloop.practice.start, the site) ---
    "The course in other languages": "این دوره به زبان‌های دیگر",
    # --- what the grader writes back to a student (agentloop_grader.judge: the lines under a
    # graded cell; agentloop_grader.report.feedback_words: nbgrader's feedback page) ---
    "the sandbox produced no result for this check":
        "سندباکس برای این بررسی نتیجه‌ای برنگرداند",
    "the answer cells did not define {name}":
        "سلول‌های پاسخ `{name}` را تعریف نکردند",
    "the notebook was not run":
        "دفترچه اجرا نشد",
    "the cell did not run (the sandbox ended before it)":
        "سلول اجرا نشد (سندباکس پیش از آن تمام شد)",
    "{count}/{total} cases failed; {label}: {reason}":
        "{count} مورد از {total} رد شد؛ {label}: {reason}",
    "{count}/{total} cases failed; {label}: {reason} (and {more} more)":
        "{count} مورد از {total} رد شد؛ {label}: {reason} (و {more} مورد دیگر)",
    "the test wrote to stderr (stock nbgrader gives 0 for that)":
        "آزمون در `stderr` نوشت (nbgrader معمولی برای این ۰ می‌دهد)",
    "partial credit: {score} of {points}":
        "بخشی از نمره: {score} از {points}",
    "(Score: {score} / {points})":
        "(نمره: {score} از {points})",
    "Late submission penalty (Score: -{score})":
        "جریمهٔ تأخیر در تحویل (نمره: -{score})",
    "Score: {score} / {points}":
        "نمره: {score} از {points}",
    "Test cell":
        "بررسی",
    "Coding free-response":
        "پاسخ با کد",
    "Written response":
        "پاسخ نوشتاری",
    "Task":
        "کار",
    "Comment":
        "یادداشت",
    "Student's answer":
        "پاسخ شما",
    "Student's task":
        "کار شما",
    "Grade cell:":
        "بررسی:",
    "Task:":
        "کار:",
    "(Top)":
        "(بالا)",
    "Comments:":
        "یادداشت‌ها:",
    # --- chapter 4: an illegal move, where a session stands, the harness command and view ---
    "illegal transition {source} -> {target}; from {source} the allowed targets are: "
    "{allowed}":
        "انتقال غیرمجاز `{source} -> {target}`؛ از `{source}` فقط این مقصدها مجازند: "
        "`{allowed}`",
    "illegal transition {source} -> {target}; from {source} the allowed targets are: none "
    "(DONE is the only exit)":
        "انتقال غیرمجاز `{source} -> {target}`؛ از `{source}` هیچ مقصدی مجاز نیست (`DONE` "
        "تنها راه خروج است)",
    "state: {state}": "وضعیت: `{state}`",
    "goal: {goal}": "هدف: {goal}",
    "events: {count}": "رویدادها: {count}",
    "turns: {turns}, tool calls: {tool_calls}, errors: {errors}, replans: {replans}":
        "نوبت‌ها: {turns}، فراخوانی ابزار: {tool_calls}، خطاها: {errors}، برنامه‌ریزی "
        "دوباره: {replans}",
    "step {index} {name}: {status}": "مرحلهٔ {index} {name}: `{status}`",
    "waiting for tool: {call_id} {tool} {args}": "در انتظار ابزار: `{call_id} {tool} {args}`",
    "outcome: {outcome}": "سرانجام: `{outcome}`",
    "paused: {reason} ({limit} {used}/{max}), taken in {state}":
        "مکث: `{reason}` (`{limit}` {used}/{max})، گرفته‌شده در `{state}`",
    "paused: {reason}, taken in {state}": "مکث: `{reason}`، گرفته‌شده در `{state}`",
    "yield point: paused, {reason} ({limit} {used}/{max}), taken in {state}":
        "نقطهٔ کشش: مکث، `{reason}` (`{limit}` {used}/{max})، گرفته‌شده در `{state}`",
    "yield point: paused, {reason}, taken in {state}":
        "نقطهٔ کشش: مکث، `{reason}`، گرفته‌شده در `{state}`",
    "cannot write the event log to {path}: {error}":
        "نمی‌توان گزارش رویدادها را در `{path}` نوشت: {error}",
    "the session is paused, not finished: raise --max-{limit} to let it finish":
        "جلسه در مکث است، نه تمام‌شده: `--max-{limit}` را بیشتر کنید تا تمام شود",
    "events written to {path}": "رویدادها در `{path}` نوشته شد",
    "not drawn: every active state can pause to IDLE, and a resume goes back to it":
        "رسم نشده: هر وضعیت فعال می‌تواند به IDLE مکث کند و ازسرگیری به همان برمی‌گردد",
    "not started: press '{button}' to run(goal)":
        "شروع نشده: «{button}» را بزنید تا `run(goal)` اجرا شود",
    "next yield point": "نقطهٔ کشش بعدی",
    "yield point: AWAITING_TOOL, request {call_id} {tool} {args}":
        "نقطهٔ کشش: `AWAITING_TOOL`، درخواست `{call_id} {tool} {args}`",
    "DONE: outcome {outcome}": "`DONE`: سرانجام `{outcome}`",
    "offset": "شماره",
    "at": "زمان",
    "facts": "داده‌ها",
    "tool calls": "فراخوانی‌ها",
    "seconds": "ثانیه‌ها",
    "block rm -rf": "مسدود کردن rm -rf",
    "extend & resume": "افزایش و ازسرگیری",
    "restart": "از نو",
    "budget: turns {turns}/{max_turns}, tool calls {tool_calls}/{max_tool_calls}, seconds "
    "{seconds}/{max_seconds}":
        "بودجه: نوبت‌ها {turns}/{max_turns}، فراخوانی ابزار {tool_calls}/{max_tool_calls}، "
        "ثانیه‌ها {seconds}/{max_seconds}",
    "states: {states}": "وضعیت‌ها: {states}",
    # --- chapter 5: the run banner (each line's key stays English), replaying a trace, a board
    # listed, the duty explorer ---
    "{board} — searched for {query}, {page_size} card files a page":
        "`{board}` — جست‌وجو برای `{query}`، {page_size} فایل کارت در هر صفحه",
    "{board} — searched for {query} (the person's answer), {page_size} card files a page":
        "`{board}` — جست‌وجو برای `{query}` (پاسخ آن شخص)، {page_size} فایل کارت در هر صفحه",
    "{board} — searched for {query} (the card the person's answer {answer} names), "
    "{page_size} card files a page":
        "`{board}` — جست‌وجو برای `{query}` (کارتی که پاسخ آن شخص، `{answer}`، نام می‌برد)، "
        "{page_size} فایل کارت در هر صفحه",
    "none — the live model chooses every step": "ندارد — مدل زنده هر مرحله را انتخاب می‌کند",
    "{adapter} — {model}; every proposal is still checked":
        "`{adapter}` — `{model}`؛ هر پیشنهاد باز هم بررسی می‌شود",
    "live — {name}, through chapter 3's adapter; every proposal is still checked":
        "زنده — `{name}`، از راه آداپتر فصل ۳؛ هر پیشنهاد باز هم بررسی می‌شود",
    "scenario — the authors' scripted replies, not a live model and not a recording of one":
        "`scenario` — پاسخ‌های سناریوی ازپیش‌نوشتهٔ نویسندگان، نه مدلی زنده و نه ضبطی از آن",
    "read every page, validate the match, draft its summary":
        "همهٔ صفحه‌ها را بخوان، کارت پیداشده را وارسی کن، خلاصه‌اش را بنویس",
    "none": "هیچ",
    "max_steps {max_steps}, max_retries {max_retries}; guards: {guards}":
        "`max_steps {max_steps}`، `max_retries {max_retries}`؛ نگهبان‌ها: {guards}",
    "max_steps {max_steps}, max_retries {max_retries}; guards: {guards}; asks when {asks}":
        "`max_steps {max_steps}`، `max_retries {max_retries}`؛ نگهبان‌ها: {guards}؛ می‌پرسد "
        "وقتی {asks}",
    " or ": " یا ",
    "a card has a similar id": "کارتی شناسهٔ مشابه دارد",
    "repeated action": "کنش تکراری",
    "token budget {budget}": "بودجهٔ توکن {budget}",
    "tool call {numbers} fails once — injected by agent.json, as a board that does not "
    "answer in time":
        "فراخوانی ابزار شمارهٔ {numbers} یک بار شکست می‌خورد — از `agent.json`، مثل تابلویی "
        "که به‌موقع پاسخ نمی‌دهد",
    "tool calls {numbers} fail once — injected by agent.json, as a board that does not "
    "answer in time":
        "فراخوانی‌های ابزار شمارهٔ {numbers} هر کدام یک بار شکست می‌خورند — از `agent.json`، "
        "مثل تابلویی که به‌موقع پاسخ نمی‌دهد",
    "none — the dispatcher's allowlist is empty, so nothing may run":
        "هیچ — فهرست مجاز دیسپچر خالی است، پس هیچ چیز اجرا نمی‌شود",
    "{tools} (the dispatcher's default allowlist: agent.json names no tools)":
        "`{tools}` (فهرست مجاز پیش‌فرض دیسپچر: `agent.json` ابزاری نام نمی‌برد)",
    "{tools} (the dispatcher's allowlist)": "`{tools}` (فهرست مجاز دیسپچر)",
    "refused: {code}": "رد شد: `{code}`",
    "not run: a guard stopped it": "اجرا نشد: یک نگهبان جلویش را گرفت",
    "not UTF-8 text (byte 0x{byte} at position {position})":
        "متن UTF-8 نیست (بایت `0x{byte}` در جایگاه {position})",
    "not configured — agent.json has no contract, so the summary is not checked":
        "پیکربندی نشده — `agent.json` فیلد `contract` ندارد، پس خلاصه بررسی نمی‌شود",
    "{fields} — not checked: the run stopped before a summary was drafted":
        "`{fields}` — بررسی نشد: اجرا پیش از نوشتن خلاصه متوقف شد",
    "met — the summary states {fields}": "برآورده شد — خلاصه `{fields}` را می‌گوید",
    "not met — the summary lacks {missing}": "برآورده نشد — خلاصه `{missing}` را ندارد",
    "not configured — agent.json has no save, so the answer is only printed":
        "پیکربندی نشده — `agent.json` فیلد `save` ندارد، پس پاسخ فقط چاپ می‌شود",
    "{path} — the summary": "`{path}` — خلاصه",
    "{path} — the question": "`{path}` — پرسش",
    "{path} — why no answer was confirmed": "`{path}` — چرا هیچ پاسخی تأیید نشد",
    "{path} — the question, and the summary drafted but not confirmed":
        "`{path}` — پرسش، و خلاصه‌ای که نوشته شد اما تأیید نشد",
    "not configured — agent.json has no state, so a question cannot be answered in a later "
    "run":
        "پیکربندی نشده — `agent.json` فیلد `state` ندارد، پس به پرسش نمی‌توان در اجرای بعدی "
        "پاسخ داد",
    "no earlier answer used": "پاسخ پیشینی به کار نرفت",
    "this run answered the saved question with {answer} ({chosen})":
        "این اجرا به پرسش ذخیره‌شده با `{answer}` پاسخ داد (`{chosen}`)",
    "this run answered the saved question with {answer}":
        "این اجرا به پرسش ذخیره‌شده با `{answer}` پاسخ داد",
    "the question is saved: answer it with --answer":
        "پرسش ذخیره شد: با `--answer` به آن پاسخ دهید",
    "no new question": "پرسش تازه‌ای نیست",
    "not configured — agent.json has no trace, so this run cannot be replayed":
        "پیکربندی نشده — `agent.json` فیلد `trace` ندارد، پس این اجرا بازپخش نمی‌شود",
    "{trace} — replay this run with: agentloop replay {trace}":
        "`{trace}` — بازپخش این اجرا با: `agentloop replay {trace}`",
    "This technical run does not confirm the model's quality.":
        "این اجرای فنی کیفیت مدل را تأیید نمی‌کند.",
    "replayed: {trace} — {steps} steps, the same decisions and the same stop":
        "بازپخش شد: `{trace}` — {steps} مرحله، همان تصمیم‌ها و همان توقف",
    "against the board: step {step}'s {tool} {args} is not what the board {board} gives now "
    "— the trace has {key} {recorded}, the board gives {now}":
        "در برابر تابلو: `{tool} {args}` مرحلهٔ {step} آن چیزی نیست که تابلوی `{board}` "
        "اکنون می‌دهد — ردپا `{key}` را `{recorded}` دارد، تابلو `{now}` می‌دهد",
    "against the board: {board} gives every recorded observation again (1 tool call)":
        "در برابر تابلو: `{board}` همهٔ مشاهده‌های ثبت‌شده را دوباره می‌دهد (۱ فراخوانی "
        "ابزار)",
    "against the board: {board} gives every recorded observation again ({count} tool calls)":
        "در برابر تابلو: `{board}` همهٔ مشاهده‌های ثبت‌شده را دوباره می‌دهد ({count} "
        "فراخوانی ابزار)",
    "{trace}: step {step} does not replay: the trace has {key} {recorded}, the loop gives "
    "{now}":
        "`{trace}`: مرحلهٔ {step} بازپخش نمی‌شود: ردپا `{key}` را `{recorded}` دارد، حلقه "
        "`{now}` می‌دهد",
    "{trace} does not replay: the trace has {count} steps, the loop takes {steps}":
        "`{trace}` بازپخش نمی‌شود: ردپا {count} مرحله دارد، حلقه {steps} مرحله می‌رود",
    "{trace} does not replay: the trace stops with {recorded}, the loop with {now}":
        "`{trace}` بازپخش نمی‌شود: ردپا با `{recorded}` می‌ایستد، حلقه با `{now}`",
    "{trace} does not replay: its harness events differ from the loop's":
        "`{trace}` بازپخش نمی‌شود: رویدادهای هارنس آن با رویدادهای حلقه فرق دارد",
    "{board} — {count} card files": "`{board}` — {count} فایل کارت",
    "{file}: unreadable — {reason}": "`{file}`: خوانا نیست — {reason}",
    "problems: {problems}": "مشکل‌ها: {problems}",
    "status {status} is not one of {statuses}": "وضعیت `{status}` یکی از `{statuses}` نیست",
    "blocked_by names {card}, which is not on the board":
        "`blocked_by` از `{card}` نام می‌برد که روی تابلو نیست",
    "blocked_by names {card}, which is not an id":
        "`blocked_by` از `{card}` نام می‌برد که شناسه نیست",
    "status is blocked but blocked_by names no card":
        "وضعیت `blocked` است اما `blocked_by` از هیچ کارتی نام نمی‌برد",
    "the card is blocked by itself": "کارت به دست خودش مسدود شده است",
    "the title is empty": "عنوان خالی است",
    "the group is empty": "گروه خالی است",
    "no {field} in the header": "در سرآیند `{field}` نیست",
    "Error: the board folder {board} was not found": "Error: پوشهٔ تابلوی `{board}` پیدا نشد",
    "Error: the board did not answer in time (an injected fault: tool call {call} is in "
    "agent.json's faults)":
        "Error: تابلو به‌موقع پاسخ نداد (خطای ساختگی: فراخوانی ابزار {call} در `faults` فایل "
        "`agent.json` است)",
    "board must be one of {boards}, got {board}":
        "`board` باید یکی از `{boards}` باشد، اما `{board}` رسید",
    "query must be one of {queries}, got {query}":
        "`query` باید یکی از `{queries}` باشد، اما `{query}` رسید",
    "tokens must be one of {budgets}, got {tokens}":
        "`tokens` باید یکی از `{budgets}` باشد، اما `{tokens}` رسید",
    "page_size must be from {low} to {high} here, got {value}":
        "`page_size` اینجا باید از {low} تا {high} باشد، اما `{value}` رسید",
    "no match": "موردی پیدا نشد",
    "page {page} of {pages}: {found}": "صفحهٔ {page} از {pages}: {found}",
    "{card} is valid": "`{card}` معتبر است",
    "summary of {cards}; contract met": "خلاصهٔ `{cards}`؛ قرارداد برآورده شد",
    "summary of {cards}; contract not met": "خلاصهٔ `{cards}`؛ قرارداد برآورده نشد",
    "(an observation)": "(یک مشاهده)",
    "{terminal} after 1 step": "`{terminal}` پس از ۱ مرحله",
    "{terminal} after {steps} steps": "`{terminal}` پس از {steps} مرحله",
    "query": "پرسش",
    "board": "تابلو",
    "token budget": "بودجهٔ توکن",
    "office board": "تابلوی دفتر",
    "fixed board": "تابلوی اصلاح‌شده",
    "empty board": "تابلوی خالی",
    "archive (missing)": "archive (وجود ندارد)",
    # --- the commands' one-line errors (commands._options, commands.progress), a live model
    # that is not there ---
    "{flag} takes {what}, got {text}": "`{flag}` {what} می‌گیرد، اما `{text}` رسید",
    "a whole number": "عددی صحیح",
    "a number": "یک عدد",
    "a positive whole number": "عددی صحیح و مثبت",
    "a number of seconds": "عددی بر حسب ثانیه",
    "{option} goes with --model {name}": "`{option}` فقط همراه `--model {name}` به کار می‌رود",
    "--model {name} needs --base-url URL and --model-name NAME, e.g. --base-url {url} "
    "--model-name {model}":
        "`--model {name}` به `--base-url URL` و `--model-name NAME` نیاز دارد، مثلاً "
        "`--base-url {url} --model-name {model}`",
    "--workspace {folder} is not a practice workspace; ./course lab creates one (or: "
    "agentloop workspace)":
        "`--workspace {folder}` پوشهٔ کار تمرین نیست؛ `./course lab` یکی می‌سازد (یا: "
        "`agentloop workspace`)",
    "nothing answers at {url}": "هیچ چیز در `{url}` پاسخ نمی‌دهد",
    # --- chapter 5: a person's --answer refused (duty.handover) ---
    "--answer needs a state file to find the question in; the workspace's agent.json has no "
    "state":
        "`--answer` برای پیدا کردن پرسش به فایل وضعیت نیاز دارد؛ `agent.json` این پوشهٔ کار "
        "فیلد `state` ندارد",
    "--answer: {state} holds no question to answer; run without --answer first":
        "`--answer`: در `{state}` پرسشی برای پاسخ نیست؛ اول بدون `--answer` اجرا کنید",
    "--answer must be one line of {low} to {high} characters, got {answer}":
        "`--answer` باید یک خط {low} تا {high} نویسه‌ای باشد، اما `{answer}` رسید",
    "--answer {text} is not one of the cards the question offered: {offered}":
        "`--answer {text}` هیچ‌یک از کارت‌هایی نیست که پرسش پیشنهاد داد: `{offered}`",
    "--answer {text} is not one of the cards the question offered: {offered} (the board "
    "cannot be read, so an answer in words cannot be matched to a card; answer with an id)":
        "`--answer {text}` هیچ‌یک از کارت‌هایی نیست که پرسش پیشنهاد داد: `{offered}` (تابلو "
        "خوانده نمی‌شود، پس پاسخی با واژه‌ها را نمی‌توان به کارتی رساند؛ با شناسه پاسخ دهید)",
    "{words} fits {card}": "`{words}` با {card} جور است",
    "--answer {text} still fits more than one card: {which}. Which one do you mean? Answer "
    "with an id, or with a word only that card's title or group has.":
        "`--answer {text}` هنوز با بیش از یک کارت جور است: {which}. منظورتان کدام است؟ با "
        "شناسه پاسخ دهید، یا با واژه‌ای که فقط در عنوان یا گروه همان کارت هست.",
    "--answer {text} does not tell the cards apart: {words} fits every card the question "
    "offered ({listing}). Which one do you mean? Answer with an id, or with a word only that "
    "card's title or group has.":
        "`--answer {text}` کارت‌ها را از هم جدا نمی‌کند: `{words}` با همهٔ کارت‌هایی که پرسش "
        "پیشنهاد داد جور است ({listing}). منظورتان کدام است؟ با شناسه پاسخ دهید، یا با "
        "واژه‌ای که فقط در عنوان یا گروه همان کارت هست.",
    "--answer {text} does not tell the cards apart: {words} fit every card the question "
    "offered ({listing}). Which one do you mean? Answer with an id, or with a word only that "
    "card's title or group has.":
        "`--answer {text}` کارت‌ها را از هم جدا نمی‌کند: `{words}` با همهٔ کارت‌هایی که پرسش "
        "پیشنهاد داد جورند ({listing}). منظورتان کدام است؟ با شناسه پاسخ دهید، یا با واژه‌ای "
        "که فقط در عنوان یا گروه همان کارت هست.",
    "--answer {text} names none of the cards the question offered ({listing}). Which one do "
    "you mean? Answer with an id, or with a word only that card's title or group has.":
        "`--answer {text}` از هیچ‌یک از کارت‌هایی که پرسش پیشنهاد داد نام نمی‌برد "
        "({listing}). منظورتان کدام است؟ با شناسه پاسخ دهید، یا با واژه‌ای که فقط در عنوان "
        "یا گروه همان کارت هست.",
    # --- chapter 5: --answer before any question (duty.shift) ---
    "--answer: no run of {workspace} has saved a question yet; run it without --answer first":
        "`--answer`: هنوز هیچ اجرایی از `{workspace}` پرسشی ذخیره نکرده است؛ اول بدون "
        "`--answer` اجرایش کنید",
    # --- chapter 3: the token plot's figure (left-to-right languages) ---
    "tokens sent in this request (grey: no action to run)":
        "توکن‌های فرستاده در این درخواست (خاکستری: کنشی برای اجرا نیست)",
    "budget {budget}": "بودجهٔ {budget}",
    "tokens (≈ words × 1.3)": "توکن‌ها (≈ واژه‌ها × ۱٫۳)",
    "Every request resends the whole history": "هر درخواست کل تاریخچه را دوباره می‌فرستد",
    # --- whole numbers out of range (validation.validate_whole_number), one sentence each ---
    "{name} must be an integer from {low} to {high}, got {value}":
        "`{name}` باید عددی صحیح از {low} تا {high} باشد، اما `{value}` رسید",
    "{name} must be an integer from {low} to {high} {unit}, got {value}":
        "`{name}` باید عددی صحیح از {low} تا {high} {unit} باشد، اما `{value}` رسید",
    "{name} must be a positive integer, got {value}":
        "`{name}` باید عددی صحیح و مثبت باشد، اما `{value}` رسید",
    "{name} must be a whole number of 0 or more, got {value}":
        "`{name}` باید عددی صحیح، ۰ یا بیشتر، باشد، اما `{value}` رسید",
    "{name} must be an integer of {low} or more, got {value}":
        "`{name}` باید عددی صحیح، {low} یا بیشتر، باشد، اما `{value}` رسید",
    "{name} must be an integer of at most {high}, got {value}":
        "`{name}` باید عددی صحیح، حداکثر {high}، باشد، اما `{value}` رسید",
    "{name} must be an integer, got {value}": "`{name}` باید عددی صحیح باشد، اما `{value}` رسید",
    # --- chapter 5: the workspace's errors (duty.workspace, duty.shift) ---
    "{folder}: the workspace's path is not UTF-8 text; rename the folder, or pass it by a path "
    "that is":
        "`{folder}`: مسیر پوشهٔ کار متن UTF-8 نیست؛ نام پوشه را عوض کن یا آن را با مسیری بده که "
        "UTF-8 باشد",
    "{folder} is not a folder; pass the workspace folder that holds {agent} and {policy}":
        "`{folder}` پوشه نیست؛ پوشهٔ کاری را بده که `{agent}` و `{policy}` در آن است",
    "{where}: unknown field {field}; the fields are: {fields}":
        "{where}: فیلد ناشناختهٔ `{field}`؛ فیلدها این‌ها هستند: `{fields}`",
    "{where}: missing {name} ({meaning})": "{where}: `{name}` نیست ({meaning})",
    "what the duty officer is asked, a non-empty string":
        "آنچه از «مسئول کشیک» خواسته می‌شود، رشته‌ای ناتهی",
    "what to search the board for, a string of {low} to {high} characters":
        "آنچه باید روی تابلو جست‌وجو شود، رشته‌ای {low} تا {high} نویسه‌ای",
    "the folder of task cards, relative to the workspace": "پوشهٔ کارت‌های کار، نسبت به پوشهٔ کار",
    "{file} was not found; a workspace holds {agent} and {policy}":
        "`{file}` پیدا نشد؛ پوشهٔ کار `{agent}` و `{policy}` را در خود دارد",
    "{file} must hold a JSON object with the fields {required} (and optionally {optional})":
        "`{file}` باید یک شیء JSON با فیلدهای `{required}` داشته باشد (و در صورت نیاز "
        "`{optional}`)",
    "{where}: {name} must be one line of text, 1 to {longest} characters, got {value}":
        "{where}: `{name}` باید یک خط متن 1 تا {longest} نویسه‌ای باشد، اما `{value}` رسید",
    "{where}: query must be one line of {low} to {high} characters, got {value}":
        "{where}: `query` باید یک خط {low} تا {high} نویسه‌ای باشد، اما `{value}` رسید",
    "{where}: page_size must be {allowed}, got {value}":
        "{where}: `page_size` باید {allowed} باشد، اما `{value}` رسید",
    "an integer from {low} to {high}": "عددی صحیح از {low} تا {high}",
    "{where}: {name} must be a list drawn from {allowed}, got {value}":
        "{where}: `{name}` باید فهرستی از میان `{allowed}` باشد، اما `{value}` رسید",
    "{where}: {name}[{index}] is {value}; allowed: {allowed}":
        "{where}: `{name}[{index}]` برابر `{value}` است؛ مجاز: `{allowed}`",
    "{where}: {name}[{index}] repeats {value}":
        "{where}: `{name}[{index}]` مقدار `{value}` را تکرار می‌کند",
    "{where}: contract is empty; name the card fields a finished answer must state ({fields}), "
    "or leave contract out":
        "{where}: `contract` خالی است؛ فیلدهای کارت را که پاسخ نهایی باید بگوید نام ببر "
        "(`{fields}`)، یا `contract` را کنار بگذار",
    "{where}: guards must be a list such as [\"repeated\", \"tokens=3000\"], got {value}":
        "{where}: `guards` باید فهرستی مانند `[\"repeated\", \"tokens=3000\"]` باشد، اما "
        "`{value}` رسید",
    "{where}: guards[{index}] is {value}; a guard is {spelling}":
        "{where}: `guards[{index}]` برابر `{value}` است؛ نگهبان یعنی `{spelling}`",
    "{where}: guards names a guard twice: {value}":
        "{where}: `guards` یک نگهبان را دو بار نام می‌برد: `{value}`",
    "{where}: {name} must be a file path inside the workspace, got {value}":
        "{where}: `{name}` باید مسیر فایلی درون پوشهٔ کار باشد، اما `{value}` رسید",
    "{where}: {name} must be a relative path inside the workspace (no '..', not absolute), got "
    "{value}":
        "{where}: `{name}` باید مسیری نسبی درون پوشهٔ کار باشد (بدون `'..'`، نه مطلق)، اما "
        "`{value}` رسید",
    "{where}: {name} would overwrite {file}; choose another file, e.g. out/answer.md":
        "{where}: `{name}` روی `{file}` می‌نویسد؛ فایل دیگری انتخاب کن، مثلاً `out/answer.md`",
    "{where}: {name} must be a file name such as out/answer.md (not runs, not hidden), got "
    "{value}":
        "{where}: `{name}` باید نام فایلی مانند `out/answer.md` باشد (نه `runs`، نه پنهان)، اما "
        "`{value}` رسید",
    "{where}: save, state and trace must be three different files, got {files}":
        "{where}: `save` و `state` و `trace` باید سه فایل جدا باشند، اما `{files}` رسید",
    "{where}: save, state and trace must be in one folder (each run writes them into a folder of "
    "its own under it), got {files}":
        "{where}: `save` و `state` و `trace` باید در یک پوشه باشند (هر اجرا آن‌ها را در پوشهٔ "
        "خودش زیر آن می‌نویسد)، اما `{files}` رسید",
    "{where}: model must be {scenario}, '{live}MODEL_NAME' or an object {\"kind\": \"{kind}\", "
    "\"base_url\": …, \"model_name\": …}, got {value}":
        "{where}: `model` باید `{scenario}`، `'{live}MODEL_NAME'` یا شیء `{\"kind\": \"{kind}\", "
        "\"base_url\": …, \"model_name\": …}` باشد، اما `{value}` رسید",
    "{where}: model has unknown fields {fields}; allowed: {allowed}":
        "{where}: `model` فیلدهای ناشناختهٔ `{fields}` را دارد؛ مجاز: `{allowed}`",
    "{where}: model.kind must be {kind} (the only kind of model object), got {value}":
        "{where}: `model.kind` باید `{kind}` باشد (تنها نوع شیء مدل)، اما `{value}` رسید",
    "{where}: model.{name} must be one line of text, e.g. {example}, got {value}":
        "{where}: `model.{name}` باید یک خط متن باشد، مثلاً `{example}`، اما `{value}` رسید",
    "{where}: faults must be a list of tool call numbers, an integer from {low} to {high}, such "
    "as [1]; got {value}":
        "{where}: `faults` باید فهرستی از شمارهٔ فراخوانی‌های ابزار باشد، عددهای صحیح از {low} "
        "تا {high}، مانند `[1]`؛ اما `{value}` رسید",
    "{where}: faults[{index}] must be an integer from {low} to {high} (a tool call of the run), "
    "got {value}":
        "{where}: `faults[{index}]` باید عددی صحیح از {low} تا {high} باشد (یک فراخوانی ابزار در "
        "اجرا)، اما `{value}` رسید",
    "{where}: faults[{index}] repeats {value}":
        "{where}: `faults[{index}]` مقدار `{value}` را تکرار می‌کند",
    "{where}: model {model} needs an API key: {variable} is not set (or use \"model\": "
    "\"scenario\")":
        "{where}: مدل `{model}` کلید API می‌خواهد: `{variable}` تنظیم نشده است (یا از "
        "`\"model\": \"scenario\"` استفاده کن)",
    "{where}: model {model} needs the provider's SDK: pip install \"agentloop[live]\"":
        "{where}: مدل `{model}` SDK ارائه‌دهنده را می‌خواهد: `pip install \"agentloop[live]\"`",
    # --- chapter 5: the small JSON files a run reads (duty.jsonfile) ---
    "{file} is not UTF-8 text (byte 0x{byte} at position {position})":
        "`{file}` متن UTF-8 نیست (بایت `0x{byte}` در جایگاه {position})",
    "{file} is not valid JSON: {problem} at line {line}":
        "`{file}` JSON معتبر نیست: `{problem}` در خط {line}",
    "{file} is nested too deeply to be read as JSON":
        "`{file}` بیش از حد تودرتو است و به‌صورت JSON خوانده نمی‌شود",
    "{file}: {where} holds text that is not valid Unicode (an escape such as \\udcfe that stands "
    "for no character)":
        "`{file}`: {where} متنی دارد که یونی‌کد معتبر نیست (گریزی مانند `\\udcfe` که نمایندهٔ "
        "هیچ نویسه‌ای نیست)",
    "the file": "فایل",
    "{file} was not found": "`{file}` پیدا نشد",
    "{file} is a folder, not a file": "`{file}` پوشه است، نه فایل",
    "{file} is a symbolic link; only a file the duty officer wrote itself is read here":
        "`{file}` پیوند نمادین است؛ اینجا فقط فایلی خوانده می‌شود که «مسئول کشیک» خودش نوشته است",
    "{file} cannot be read ({why})": "`{file}` خوانده نمی‌شود (`{why}`)",
    "{file} is not a regular file": "`{file}` فایل معمولی نیست",
    "{file} is {size} bytes; a file like this holds at most {limit}":
        "`{file}` {size} بایت است؛ فایلی مانند این حداکثر {limit} بایت دارد",
    "{file} is more than {limit} bytes; a file like this holds at most {limit}":
        "`{file}` بیش از {limit} بایت است؛ فایلی مانند این حداکثر {limit} بایت دارد",
    # --- chapter 5: the state file (duty.handover) ---
    "{file}: format must be {format}; this is not a state file the duty officer wrote (delete it "
    "to start afresh)":
        "`{file}`: `format` باید `{format}` باشد؛ این فایل وضعیتی نیست که «مسئول کشیک» نوشته "
        "باشد (پاکش کن تا از نو شروع شود)",
    "{file}: unknown field {field}; a state file has format, stop, answer, chosen and question":
        "`{file}`: فیلد ناشناختهٔ `{field}`؛ فایل وضعیت `format`، `stop`، `answer`، `chosen` و "
        "`question` دارد",
    "{file}: stop must be one of {terminals} or null, got {value}":
        "`{file}`: `stop` باید یکی از `{terminals}` یا `null` باشد، اما `{value}` رسید",
    "{file}: answer must be a string or null, got {value}":
        "`{file}`: `answer` باید رشته یا `null` باشد، اما `{value}` رسید",
    "{file}: chosen must be a card id or null, got {value}":
        "`{file}`: `chosen` باید شناسهٔ کارت یا `null` باشد، اما `{value}` رسید",
    "{file}: question must be an object with kind, text, query and candidates, or null":
        "`{file}`: `question` باید شیئی با `kind`، `text`، `query` و `candidates` یا `null` باشد",
    "{file}: question.kind must be one of {kinds}, got {value}":
        "`{file}`: `question.kind` باید یکی از `{kinds}` باشد، اما `{value}` رسید",
    "{file}: question.{name} must be a non-empty string":
        "`{file}`: `question.{name}` باید رشته‌ای ناتهی باشد",
    "{file}: question.candidates must be a list of card ids":
        "`{file}`: `question.candidates` باید فهرستی از شناسه‌های کارت باشد",
    # --- chapter 5: a run's folder (duty.runs, duty.shift) ---
    "cannot write {file}: {why}": "نوشتن `{file}` ممکن نیست: `{why}`",
    "cannot create the run folder {folder}: {why}":
        "ساختن پوشهٔ اجرای `{folder}` ممکن نیست: `{why}`",
    "cannot create a run folder in {folder}: {count} numbers in a row are taken":
        "ساختن پوشهٔ اجرا در `{folder}` ممکن نیست: {count} شمارهٔ پشت سر هم گرفته شده‌اند",
    "cannot read the run folders in {folder}: {why}":
        "خواندن پوشه‌های اجرا در `{folder}` ممکن نیست: `{why}`",
    "{file} must be a plain file naming the last run (such as 0002); delete it to start afresh":
        "`{file}` باید فایلی معمولی با نام آخرین اجرا باشد (مانند `0002`)؛ پاکش کن تا از نو شروع "
        "شود",
    "cannot read {file}: {why}": "خواندن `{file}` ممکن نیست: `{why}`",
    "{file} must name a run folder such as 0002, got {value}; delete it to start afresh":
        "`{file}` باید نام یک پوشهٔ اجرا مانند `0002` باشد، اما `{value}` رسید؛ پاکش کن تا از نو "
        "شروع شود",
    "cannot open the workspace {folder}: {why}": "باز کردن پوشهٔ کار `{folder}` ممکن نیست: `{why}`",
    "cannot open {folder}: {why}": "باز کردن `{folder}` ممکن نیست: `{why}`",
    "{folder} leads outside the workspace (to {target}); a run writes only inside its workspace "
    "folder":
        "`{folder}` به بیرون پوشهٔ کار می‌رود (به `{target}`)؛ اجرا فقط درون پوشهٔ کار خودش "
        "می‌نویسد",
    "cannot create {folder}: {why}": "ساختن `{folder}` ممکن نیست: `{why}`",
    "cannot create {folder}: a file is in the folder's place":
        "ساختن `{folder}` ممکن نیست: به جای پوشه یک فایل آنجاست",
    "cannot write the trace {trace}: {why}": "نوشتن ردپای `{trace}` ممکن نیست: `{why}`",
    # --- chapter 5: a trace that cannot be read or does not replay (duty.trace) ---
    "{trace}, line {line}": "`{trace}`، خط {line}",
    "{trace}, line {line}: not JSON ({problem})": "`{trace}`، خط {line}: JSON نیست (`{problem}`)",
    "{trace}, line {line}: nested too deeply to be read":
        "`{trace}`، خط {line}: بیش از حد تودرتو است و خوانده نمی‌شود",
    "{trace}, line {line}: kind must be one of {kinds}":
        "`{trace}`، خط {line}: `kind` باید یکی از `{kinds}` باشد",
    "{trace}, line {line}: holds text that is not valid Unicode":
        "`{trace}`، خط {line}: متنی دارد که یونی‌کد معتبر نیست",
    "{trace}: the first line must be the run line of a {format} trace":
        "`{trace}`: خط نخست باید خط اجرای یک ردپای `{format}` باشد",
    "{trace}: the last line must be the stop line; the run did not finish writing its trace":
        "`{trace}`: خط آخر باید خط توقف باشد؛ اجرا نوشتن ردپایش را تمام نکرد",
    "{trace}, line {line}: step {value} is out of order; expected step {step}":
        "`{trace}`، خط {line}: مرحلهٔ `{value}` سر جایش نیست؛ مرحلهٔ {step} انتظار می‌رفت",
    "{trace}, line {line}: a {kind} line comes only once":
        "`{trace}`، خط {line}: خط `{kind}` فقط یک بار می‌آید",
    "{file} must name a run folder such as 0002":
        "`{file}` باید نام یک پوشهٔ اجرا مانند `0002` باشد",
    "cannot read the folder {folder}: {why}": "خواندن پوشهٔ `{folder}` ممکن نیست: `{why}`",
    "{folder} holds no duty officer trace; pass a trace file, a run's folder (out/runs/0001) or "
    "the folder that holds runs/ and latest":
        "در `{folder}` هیچ ردپای «مسئول کشیک» نیست؛ یک فایل ردپا، پوشهٔ یک اجرا "
        "(`out/runs/0001`) یا پوشه‌ای که `runs/` و `latest` را دارد بده",
    "{folder} holds {count} traces; pass one of them: {traces}":
        "در `{folder}` {count} ردپا هست؛ یکی از آن‌ها را بده: `{traces}`",
    "{trace} does not replay: {kind}: {problem}": "`{trace}` بازپخش نمی‌شود: `{kind}`: {problem}",
    "{trace}: the harness events end in {state}, not DONE":
        "`{trace}`: رویدادهای هارنس به `{state}` می‌رسند، نه `DONE`",
    "{trace}: the run line needs facts (an object)": "`{trace}`: خط اجرا `facts` (یک شیء) می‌خواهد",
    "{trace}: the run line's facts": "`{trace}`: خط اجرا، facts",
    "{where} has no {name}": "{where}: `{name}` ندارد",
    "{where}.answer must be null or the person's answer, {low} to {high} characters, got {value}":
        "{where}.answer باید `null` یا پاسخ شخص، {low} تا {high} نویسه، باشد، اما `{value}` رسید",
    "{where}.chosen must be null or a card id, got {value}":
        "{where}.chosen باید `null` یا شناسهٔ کارت باشد، اما `{value}` رسید",
    "{where}.tools_default must be true or false, got {value}":
        "{where}.tools_default باید `true` یا `false` باشد، اما `{value}` رسید",
    "{where}.model must be 'scenario' or 'KIND:NAME' such as 'live:MODEL_NAME', got {value}":
        "{where}.model باید `'scenario'` یا `'KIND:NAME'` مانند `'live:MODEL_NAME'` باشد، اما "
        "`{value}` رسید",
    "{where}.{name} must be one line of text, got {value}":
        "{where}.{name} باید یک خط متن باشد، اما `{value}` رسید",
    "{where}.{name} must be null or one line of text, got {value}":
        "{where}.{name} باید `null` یا یک خط متن باشد، اما `{value}` رسید",
    "{where}: the step has no {name}": "{where}: مرحله `{name}` ندارد",
    "{where}: the step has a field no run writes: {name}":
        "{where}: مرحله فیلدی دارد که هیچ اجرایی نمی‌نویسد: `{name}`",
    "{where}: the step's {name} is not what a run writes, got {value}":
        "{where}: `{name}` مرحله آن چیزی نیست که اجرا می‌نویسد، اما `{value}` رسید",
    "{where}: a step that ran needs the proposal that ran, with its name and args":
        "{where}: مرحله‌ای که اجرا شد پیشنهادی را می‌خواهد که اجرا شد، با `name` و `args` آن",
    "{where}: the stop's terminal must be one of {terminals}, got {value}":
        "{where}: حالت پایانی توقف باید یکی از `{terminals}` باشد، اما `{value}` رسید",
    "{where}: the stop's failure must be null or a text, got {value}":
        "{where}: شکست توقف (`failure`) باید `null` یا متن باشد، اما `{value}` رسید",
    "{where}: the stop has a field no run writes: {name}":
        "{where}: توقف فیلدی دارد که هیچ اجرایی نمی‌نویسد: `{name}`",
    # --- chapter 5: the board's words — a card's problems, an unreadable card file, a board that
    # cannot be read (duty.board, shown through banner.board_words) ---
    "unknown field {key}; a card has {fields} and notes":
        "فیلد ناشناختهٔ `{key}`؛ کارت `{fields}` و یادداشت دارد",
    "field {key} is written twice": "فیلد `{key}` دو بار نوشته شده است",
    "id {id} is not an id: lowercase letters and digits in parts joined by '-', at most {length} "
    "characters":
        "`{id}` شناسه نیست: حروف کوچک و رقم در بخش‌هایی که با `'-'` به هم وصل‌اند، حداکثر "
        "{length} نویسه",
    "the title has {count} characters; at most {limit}": "عنوان {count} نویسه دارد؛ حداکثر {limit}",
    "the id {id} does not match the file name {file} (expected {expected})":
        "شناسهٔ `{id}` با نام فایل `{file}` جور نیست (انتظار می‌رفت `{expected}`)",
    "{count} files claim the id {id}: {files}": "{count} فایل شناسهٔ `{id}` را دارند: `{files}`",
    "status is done but it is blocked by {cards}, which is not done":
        "وضعیت `done` است اما `{cards}` آن را مسدود کرده که انجام نشده است",
    "{name} is not a file name": "`{name}` نام فایل نیست",
    "{name} is a path, not a file name inside the board":
        "`{name}` یک مسیر است، نه نام فایلی درون تابلو",
    "its file name is not UTF-8 text": "نام فایلش متن UTF-8 نیست",
    "cannot be opened ({why})": "باز نمی‌شود (`{why}`)",
    "a symbolic link that points outside the board": "پیوندی نمادین که به بیرون تابلو اشاره می‌کند",
    "a symbolic link into a subfolder; cards live directly in the board folder":
        "پیوندی نمادین به یک زیرپوشه؛ کارت‌ها مستقیم در پوشهٔ تابلو هستند",
    "not a regular file": "فایل معمولی نیست",
    "{size} bytes; a card may have at most {limit}":
        "{size} بایت؛ کارت حداکثر {limit} بایت می‌تواند داشته باشد",
    "more than {limit} bytes; a card may have at most {limit}":
        "بیش از {limit} بایت؛ کارت حداکثر {limit} بایت می‌تواند داشته باشد",
    "contains a NUL byte: binary data, not a card": "بایت NUL دارد: دادهٔ دودویی، نه کارت",
    "no header block: a card starts with a line {fence}":
        "بلوک سرآیند ندارد: کارت با خط `{fence}` شروع می‌شود",
    "the header block is not closed by a second {fence} line":
        "بلوک سرآیند با خط دوم `{fence}` بسته نشده است",
    "header line {line} is not 'field: value': {text}":
        "خط {line} سرآیند به شکل `'field: value'` نیست: `{text}`",
    "no id in the header: every card names its id":
        "در سرآیند `id` نیست: هر کارت شناسهٔ خودش را می‌گوید",
    "the board folder {board} was not found": "پوشهٔ تابلوی `{board}` پیدا نشد",
    "the board folder {board} cannot be opened ({why})":
        "پوشهٔ تابلوی `{board}` باز نمی‌شود (`{why}`)",
    "{board} is not a folder; the board is a folder of card files":
        "`{board}` پوشه نیست؛ تابلو پوشه‌ای از فایل‌های کارت است",
    "the board {board} has more than {limit} card files; split it into smaller boards":
        "تابلوی `{board}` بیش از {limit} فایل کارت دارد؛ آن را به تابلوهای کوچک‌تر بخش کن",
    "the board folder {board} cannot be read ({why})":
        "پوشهٔ تابلوی `{board}` خوانده نمی‌شود (`{why}`)",
    "Error: the board folder {board} cannot be opened ({why})":
        "Error: پوشهٔ تابلوی `{board}` باز نمی‌شود (`{why}`)",
    "Error: {board} is not a folder; the board is a folder of card files":
        "Error: `{board}` پوشه نیست؛ تابلو پوشه‌ای از فایل‌های کارت است",
    "Error: the board {board} has more than {limit} card files; split it into smaller boards":
        "Error: تابلوی `{board}` بیش از {limit} فایل کارت دارد؛ آن را به تابلوهای کوچک‌تر بخش کن",
    "Error: the board folder {board} cannot be read ({why})":
        "Error: پوشهٔ تابلوی `{board}` خوانده نمی‌شود (`{why}`)",
    # --- the agentloop command's own error lines (commands.shared, commands.support) ---
    "{file} is not a duty officer's trace; --against-board and --board are for those (chapter 5)":
        "`{file}` ردپای «مسئول کشیک» نیست؛ `--against-board` و `--board` مخصوص همین ردپاها هستند "
        "(فصل ۵)",
    "the live model failed: {problem}": "مدل زنده شکست خورد: {problem}",
    # --- chapter 5: settings given in code (duty.officer's RunInput, duty.board_tools,
    # duty.example) ---
    "ask_when names {rule}; the rules are: {rules}":
        "`ask_when` از `{rule}` نام می‌برد؛ قاعده‌ها این‌ها هستند: `{rules}`",
    "allowlist names unknown tools {unknown}; the board tools are: {tools}":
        "فهرست مجاز ابزارهای ناشناختهٔ `{unknown}` را نام می‌برد؛ ابزارهای تابلو این‌ها هستند: "
        "`{tools}`",
    "route must be one of {routes}, got {route}":
        "`route` باید یکی از `{routes}` باشد، اما `{route}` رسید",
    # --- chapter 5: the duty officer's message to the person (agentloop.duty.handover),
    # sentence by sentence, and the phrases inside it (banner.handover_words) ---
    "The card {card} ({file}) cannot be confirmed: {problems}.":
        "کارت `{card}` (`{file}`) را نمی‌توان تأیید کرد: {problems}.",
    "Fix the card and run me again, or tell me which card you mean.":
        "کارت را درست کنید و دوباره مرا اجرا کنید، یا بگویید منظورتان کدام کارت است.",
    "The summary does not meet the contract: it lacks {missing}.":
        "خلاصه قرارداد را برآورده نمی‌کند: `{missing}` را ندارد.",
    "Add that to the card and run me again, or tell me which card you mean.":
        "آن را به کارت بیفزایید و دوباره مرا اجرا کنید، یا بگویید منظورتان کدام کارت است.",
    "Is {cards} the card you mean?": "آیا کارتی که منظورتان است {cards} است؟",
    "The card you chose, {card}, does not match {query} on the board any more.":
        "کارتی که برگزیدید، `{card}`، دیگر روی تابلو با `{query}` جور نیست.",
    "Which task do you mean?": "منظورتان کدام کار است؟",
    "Which one do you mean?": "منظورتان کدام است؟",
    "I searched the whole board and no card matches {query}.":
        "همهٔ تابلو را گشتم و هیچ کارتی با `{query}` جور نیست.",
    "No card I could read matches {query}, but {files} could not be read, so I cannot say "
    "that none does.":
        "هیچ‌یک از کارت‌هایی که توانستم بخوانم با `{query}` جور نیست، اما {files} خوانده "
        "نشد، پس نمی‌توانم بگویم که هیچ کارتی جور نیست.",
    "I found {count} cards for {query} — {cards}.":
        "برای `{query}` {count} کارت پیدا کردم — {cards}.",
    "I found two cards with a similar id — {first} and {second}.":
        "دو کارت با شناسهٔ مشابه پیدا کردم — `{first}` و `{second}`.",
    "I found {count} cards that match {query} — {cards}.":
        "{count} کارت پیدا کردم که با `{query}` جورند — {cards}.",
    "No answer was confirmed.": "هیچ پاسخی تأیید نشد.",
    "Nothing was checked.": "هیچ چیز بررسی نشد.",
    "No answer was confirmed; {progress}.": "هیچ پاسخی تأیید نشد؛ {progress}.",
    "A guard stopped step {step} before it ran — {reason}.":
        "یک نگهبان مرحلهٔ {step} را پیش از اجرا متوقف کرد — {reason}.",
    "The board is longer than a run may read — {error}.":
        "تابلو بلندتر از آن است که یک اجرا بتواند بخواند — {error}.",
    "Step {step}'s {action} failed — {error}.":
        "`{action}` در مرحلهٔ {step} شکست خورد — {error}.",
    "A retry was allowed, but it would be step {next}, and max_steps is {max_steps}.":
        "تلاش دوباره مجاز بود، اما مرحلهٔ {next} می‌شد و `max_steps` برابر {max_steps} است.",
    "Not all cards were checked — {progress}.": "همهٔ کارت‌ها بررسی نشدند — {progress}.",
    "The search is complete, but no answer was confirmed.":
        "جست‌وجو کامل است، اما هیچ پاسخی تأیید نشد.",
    "I ran out of allowed steps before the search ended: not all cards were checked — "
    "{progress}.":
        "مرحله‌های مجاز پیش از پایان جست‌وجو تمام شد: همهٔ کارت‌ها بررسی نشدند — {progress}.",
    "I ran out of allowed steps before the summary was drafted: the search is complete, but "
    "no answer was confirmed.":
        "مرحله‌های مجاز پیش از نوشتن پیش‌نویس خلاصه تمام شد: جست‌وجو کامل است، اما هیچ پاسخی "
        "تأیید نشد.",
    "The model failed: {detail}.": "مدل شکست خورد: {detail}.",
    "The harness budget ran out ({pause}).": "بودجهٔ هارنس تمام شد ({pause}).",
    "I found {cards} for {query} and drafted the summary, but {files} could not be read, so it "
    "might match as well.":
        "برای `{query}` {cards} را پیدا کردم و پیش‌نویس خلاصه را نوشتم، اما {files} خوانده "
        "نشد، پس ممکن است آن هم جور باشد.",
    "I found {cards} for {query} and drafted the summary, but {files} could not be read, so "
    "one of them might match as well.":
        "برای `{query}` {cards} را پیدا کردم و پیش‌نویس خلاصه را نوشتم، اما {files} خوانده "
        "نشدند، پس ممکن است یکی از آن‌ها هم جور باشد.",
    "Answer with its id or words from its title, or fix {files} and run me again.":
        "با شناسه‌اش یا واژه‌هایی از عنوانش پاسخ دهید، یا {files} را درست کنید و دوباره مرا "
        "اجرا کنید.",
    "Answer with its id or words from its title, or fix them and run me again.":
        "با شناسه‌اش یا واژه‌هایی از عنوانش پاسخ دهید، یا آن‌ها را درست کنید و دوباره مرا "
        "اجرا کنید.",
    "I could not read any of the {count} card file of the board ({files}), so nothing was "
    "searched for {query}.":
        "نتوانستم تنها فایل کارت تابلو را بخوانم ({count}: {files})، پس برای `{query}` هیچ "
        "جست‌وجویی نشد.",
    "I could not read any of the {count} card files of the board ({files}), so nothing was "
    "searched for {query}.":
        "نتوانستم هیچ‌یک از {count} فایل کارت تابلو را بخوانم ({files})، پس برای `{query}` "
        "هیچ جست‌وجویی نشد.",
    "Fix {files} and run me again.": "{files} را درست کنید و دوباره مرا اجرا کنید.",
    "Fix them and run me again.": "آن‌ها را درست کنید و دوباره مرا اجرا کنید.",
    "Fix {files} and run me again, or tell me which task you mean.":
        "{files} را درست کنید و دوباره مرا اجرا کنید، یا بگویید منظورتان کدام کار است.",
    "Fix them and run me again, or tell me which task you mean.":
        "آن‌ها را درست کنید و دوباره مرا اجرا کنید، یا بگویید منظورتان کدام کار است.",
    "I found {card} for {query}, but {others} has a similar id.":
        "برای `{query}` {card} را پیدا کردم، اما {others} شناسهٔ مشابهی دارد.",
    "I found {card} for {query}, but {others} have a similar id.":
        "برای `{query}` {card} را پیدا کردم، اما {others} شناسه‌های مشابهی دارند.",
    "The proposed actions were refused — {error}.": "کنش‌های پیشنهادی رد شدند — {error}.",
    "The proposed actions were refused, even after a retry — {error}.":
        "کنش‌های پیشنهادی حتی پس از تلاش دوباره رد شدند — {error}.",
    "I could not read the task cards — {error}.":
        "نتوانستم کارت‌های کار را بخوانم — {error}.",
    "I could not read the task cards, even after a retry — {error}.":
        "حتی پس از تلاش دوباره نتوانستم کارت‌های کار را بخوانم — {error}.",
    "I could not carry out {action} — {error}.": "نتوانستم `{action}` را انجام دهم — {error}.",
    "I could not carry out {action}, even after a retry — {error}.":
        "حتی پس از تلاش دوباره نتوانستم `{action}` را انجام دهم — {error}.",
    '{card} "{title}" ({group}) — {status}, blocked by {blockers}':
        '`{card}` «{title}» ({group}) — `{status}`، مسدودشده توسط {blockers}',
    '{card} "{title}" ({group}) — {status}, blocked by nothing':
        '`{card}` «{title}» ({group}) — `{status}`، چیزی مسدودش نکرده است',
    "nothing was checked": "هیچ چیز بررسی نشد",
    "{read} of {pages} page was read ({scanned} of {total} card file)":
        "{read} صفحه از {pages} صفحه خوانده شد ({scanned} فایل کارت از {total})",
    "{read} of {pages} page was read ({scanned} of {total} card files)":
        "{read} صفحه از {pages} صفحه خوانده شد ({scanned} فایل کارت از {total})",
    "{read} of {pages} pages was read ({scanned} of {total} card file)":
        "{read} صفحه از {pages} صفحه خوانده شد ({scanned} فایل کارت از {total})",
    "{read} of {pages} pages was read ({scanned} of {total} card files)":
        "{read} صفحه از {pages} صفحه خوانده شد ({scanned} فایل کارت از {total})",
    "{read} of {pages} pages were read ({scanned} of {total} card file)":
        "{read} صفحه از {pages} صفحه خوانده شد ({scanned} فایل کارت از {total})",
    "{read} of {pages} pages were read ({scanned} of {total} card files)":
        "{read} صفحه از {pages} صفحه خوانده شد ({scanned} فایل کارت از {total})",
    "{read} of {pages} page were read ({scanned} of {total} card file)":
        "{read} صفحه از {pages} صفحه خوانده شد ({scanned} فایل کارت از {total})",
    "{read} of {pages} page were read ({scanned} of {total} card files)":
        "{read} صفحه از {pages} صفحه خوانده شد ({scanned} فایل کارت از {total})",
    "same action twice": "همان کنش دو بار",
    "token budget passed ({total} > {budget})": "بودجهٔ توکن رد شد ({total} > {budget})",
    "{count} card files ({files})": "{count} فایل کارت ({files})",
    "{items} and {last}": "{items} و {last}",
    # --- argparse's own sentences and the command's error line (agentloop.cli) ---
    'the following arguments are required: {names}':
        'این آرگومان\u200cها لازم\u200cاند: `{names}`',
    'unrecognized arguments: {arguments}':
        'آرگومان\u200cهای ناشناخته: `{arguments}`',
    'argument {name}: invalid choice: {value} (choose from {choices})':
        'آرگومان `{name}`: مقدار `{value}` مجاز نیست (یکی از: `{choices}`)',
    'argument {name}: expected one argument':
        'آرگومان `{name}`: یک مقدار لازم است',
    'argument {name}: not allowed with argument {other}':
        'آرگومان `{name}`: همراه با آرگومان `{other}` مجاز نیست',
    'one of the arguments {names} is required':
        'یکی از آرگومان\u200cهای `{names}` لازم است',
    'ambiguous option: {option} could match {matches}':
        'گزینهٔ مبهم: `{option}` می\u200cتواند `{matches}` باشد',
    'argument {name}: {problem}':
        'آرگومان `{name}`: {problem}',
    'error: {problem}':
        'خطا: {problem}',
    # chapter 1's environment (agentloop.environment)
    'unknown scenario {scenario}; known scenarios: {known}':
        'سناریوی ناشناخته `{scenario}`؛ سناریوهای شناخته\u200cشده: `{known}`',
}
