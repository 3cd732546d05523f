"""فهرست فارسی: واژه‌های کتابخانه (بررسی‌های فصل ۱، ابزارک، نمایش‌های خط فرمان).

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
}
