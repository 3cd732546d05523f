"""Български каталог: думите на библиотеката (проверките на глави 1–5; джаджата и демото на
глава 1).

Ключът е английският шаблон точно както го пише библиотеката; стойността е преводът със
същите полета {name}. Термините са от речника chapters/i18n/bg/glossary.json. Имената от
кода (`success`, `needs_input`, `error`, `limit`, `continue`, полетата на състоянието) не
се превеждат. Към читателя — на „ти“, както в изходния урок.
"""

MESSAGES = {
    # --- the ✔/✘ lines of every check (agentloop.checks.core.Report.text) ---
    "hint: {hint}": "подсказка: {hint}",
    "{passed}/{total} cases passed: {verdict}": "верни случаи: {passed} от {total} — {verdict}",
    "all passed": "всичко е вярно",
    "not yet": "още не",
    "{name} is the library's own answer to this exercise, withheld while your answer is "
    "checked: write your own":
        "{name} е готовият отговор на библиотеката за това упражнение и докато се проверява "
        "твоят отговор, той не е достъпен: напиши свой",
    "{name} is the library's own answer to this exercise: write your own":
        "{name} е готовият отговор на библиотеката за това упражнение: напиши свой",
    # --- what a check says about an answer that gave nothing usable (checks.core) ---
    "the answer produced no usable results": "отговорът не даде използваеми резултати",
    "the answer produced no usable result": "отговорът не даде използваем резултат",
    "raised {error}": "хвърлено е изключение {error}",
    "raised an exception": "хвърлено е изключение",
    "the check's reference is broken ({problem})": "еталонът на проверката е счупен ({problem})",
    "returned a value of the wrong shape ({problem})":
        "върната е стойност с неподходяща форма ({problem})",
    "{where} is too large (more than {count} items)":
        "{where}: стойността е твърде голяма (над {count} елемента)",
    "{where} is nested more than {depth} levels deep":
        "{where}: влагането е по-дълбоко от {depth} нива",
    "{where} is {value}; only finite numbers are plain data":
        "{where} е {value}; от числата прости данни са само крайните",
    "{where} is a text of {length} characters (at most {limit})":
        "{where}: текст от {length} знака (позволени са най-много {limit})",
    "{where} has a key of type {kind}; keys must be str":
        "{where}: ключ от тип {kind}; ключовете трябва да са str",
    "{where} is a {module}.{kind}; expected plain data (None, bool, int, float, str, list or dict)":
        "{where} е {module}.{kind}; очакват се прости данни (None, bool, int, float, str, list или "
        "dict)",
    # --- chapter 1's checks: titles (agentloop.checks.ch1) ---
    "decide() after a failed read, under the revised policy":
        "decide() след неуспешно четене, по новите правила",
    "decide() after a read that worked, under the revised policy":
        "decide() след успешно четене, по новите правила",
    "decide() ignores the scenario name": "decide() не гледа името на сценария",
    "predict how each scripted run ends (terminal and step)":
        "предвиди как свършва всяко зададено пускане (изход и стъпка)",
    "the final message of a run, for each terminal":
        "последното съобщение на пускането, за всеки изход",
    # --- the revised policy's rules ---
    "a failure marked retryable: false → error at once":
        "неуспех с отметка retryable: false → веднага error",
    "failures > max_retries → error, even on the last step":
        "failures > max_retries → error, дори на последната стъпка",
    "a failure with a retry left, on the last allowed step → limit":
        "неуспех на последната позволена стъпка, когато повторен опит още има → limit",
    "a failure with a retry and a step left → continue":
        "неуспех, когато остават и повторен опит, и стъпка → continue",
    "a finished search with exactly one different card → success, even on the last step":
        "завършено търсене с точно една различна карта → success, дори на последната стъпка",
    "a finished search with no card or several different cards → needs_input":
        "завършено търсене без карти или с няколко различни → needs_input",
    "an unfinished search on the last allowed step → limit":
        "незавършено търсене на последната позволена стъпка → limit",
    "an unfinished search with steps left → continue":
        "незавършено търсене, стъпки още има → continue",
    "the scenario name never changes the decision": "името на сценария никога не сменя решението",
    "every run answered with a terminal and a step":
        "за всяко пускане е даден отговор: изход и стъпка",
    "success names the card and says it was found; asks nothing":
        "при success картата е назована и е казано, че е намерена; нищо не се пита",
    "needs_input names every candidate card and asks a question":
        "при needs_input са назовани всички подходящи карти и е зададен въпрос",
    "needs_input after an empty search says no card matched and asks":
        "при needs_input след празно търсене е казано, че няма подходяща карта, и е зададен "
        "въпрос",
    "error says reading failed, quotes the error and says nothing was found; no success "
    "words":
        "при error е казано, че четенето не е успяло, цитирана е грешката и е казано, че нищо "
        "не е намерено; без думи за успех",
    "limit says not every card was checked; names no candidate; no success words":
        "при limit е казано, че не всички карти са проверени; кандидати не са назовани; без "
        "думи за успех",
    "every message says how many actions the run used, and states no wrong number":
        "всяко съобщение казва колко действия е направило пускането и не съдържа грешно число",
    # --- the cases a learner sees ---
    "first failure, a retry and steps left → continue":
        "първи неуспех, има и повторен опит, и стъпки → continue",
    "retryable: true is an ordinary failure → continue":
        "retryable: true е обикновен неуспех → continue",
    "second failure with one retry allowed → error":
        "втори неуспех при един позволен повторен опит → error",
    "second failure on the last allowed step → error":
        "втори неуспех на последната позволена стъпка → error",
    "first failure with no retries allowed → error":
        "първи неуспех, когато повторни опити не са позволени → error",
    "first failure on the last allowed step → limit":
        "първи неуспех на последната позволена стъпка → limit",
    "retryable: false with a retry left → error at once":
        "retryable: false, макар че повторен опит още има → веднага error",
    "retryable: false on the last allowed step → error, not limit":
        "retryable: false на последната позволена стъпка → error, а не limit",
    "one card, no search_complete field (= finished) → success":
        "една карта, няма поле search_complete (= търсенето е завършено) → success",
    "one card, search_complete true, after a failure → success":
        "една карта, search_complete true, след неуспех → success",
    "one card on the last allowed step → success":
        "една карта на последната позволена стъпка → success",
    "the same card listed twice is one card → success":
        "една и съща карта два пъти е една карта → success",
    "two different cards → needs_input": "две различни карти → needs_input",
    "a finished search with no card → needs_input": "завършено търсене без карти → needs_input",
    "two cards on the last allowed step → needs_input":
        "две карти на последната позволена стъпка → needs_input",
    "an unfinished page with one card, steps left → continue":
        "незавършена страница с една карта, стъпки има → continue",
    "an unfinished search, steps left → continue": "незавършено търсене, стъпки има → continue",
    "an unfinished search on step 5 of 5 → limit":
        "незавършено търсене на стъпка 5 от 5 → limit",
    "one card on step 5, scenario called 'limit'":
        "една карта на стъпка 5, сценарият се казва 'limit'",
    "retryable: false, scenario 'temporary_error'": "retryable: false, сценарий 'temporary_error'",
    "one card listed twice, scenario 'two_matches'":
        "една карта, посочена два пъти, сценарий 'two_matches'",
    "unfinished page, scenario 'permanent_error'":
        "незавършена страница, сценарий 'permanent_error'",
    "run {run} is answered": "за пускане {run} има отговор",
    "success with task-003 after 1 action": "success с task-003 след 1 действие",
    "success on the retry, after a failed read":
        "success от повторния опит, след неуспешно четене",
    "success: one card listed twice": "success: една карта, посочена два пъти",
    "needs_input with two cards": "needs_input с две карти",
    "needs_input with no card": "needs_input без карти",
    "error after the retry failed too": "error: и повторният опит не успя",
    "error with no retry allowed": "error без право на повторен опит",
    "limit on step 5 of 5": "limit на стъпка 5 от 5",
    "limit: a first failure on the last step": "limit: първи неуспех на последната стъпка",
    "limit on step 2 of 2 (another count)": "limit на стъпка 2 от 2 (друг брой действия)",
    # --- the cases only the grader adds (agentloop_grader.answers.ch1) ---
    "generated state {number}": "генерирано състояние {number}",
    "state {number} as {scenario}": "състояние {number} в сценарий {scenario}",
    "run {run}": "пускане {run}",
    "generated final state {number}: {terminal}":
        "генерирано крайно състояние {number}: {terminal}",
    "generated empty search {number}": "генерирано празно търсене {number}",
    # --- hints ---
    "A failure is judged first: retryable false → error at once; then error once failures "
    "> max_retries; otherwise the step limit still applies before you continue.":
        "Неуспехът се преценява пръв: retryable false → веднага error; после error, щом "
        "failures > max_retries; иначе, преди да продължиш, провери и лимита на стъпките.",
    "A finished search (search_complete true or missing) is judged by how many different "
    "cards it found, even on the last step; only an unfinished search is stopped by the step "
    "limit.":
        "Завършеното търсене (search_complete е true или полето липсва) се преценява по броя "
        "различни намерени карти, дори на последната стъпка; лимитът на стъпките спира само "
        "незавършено търсене.",
    "Same observation + counters + limits must give the same decision: never read "
    "state['scenario'].":
        "Еднакви наблюдение, броячи и лимити дават еднакво решение: никога не чети "
        "state['scenario'].",
    "Play each run step by step: add 1 to steps (and to failures after a failed read), then "
    "apply the revised rules in order; stop at the first terminal.":
        "Изиграй всяко пускане стъпка по стъпка: добави 1 към steps (и към failures след "
        "неуспешно четене), после приложи новите правила поред; спри на първия изход.",
    "Branch on state['terminal']; use state['steps'] and state['observation'] (its matches or "
    "its error). Each terminal has its must and must-not list in the chapter.":
        "Разклони по state['terminal']; ползвай state['steps'] и state['observation'] "
        "(неговите matches или error). За всеки изход в главата има списък „трябва“ и „не "
        "бива“. Съобщението пиши на английски: правилата на проверката четат английски думи.",
    # --- why an answer is wrong ---
    "expected {expected}, got {output} (rule: {rule})":
        "очакваше се {expected}, а е {output} (правило: {rule})",
    "answer {output}: write a pair (terminal, step), e.g. ('limit', 3)":
        "отговор {output}: напиши двойка (изход, стъпка), например ('limit', 3)",
    "{terminal} is not a terminal ({terminals})": "{terminal} не е изход ({terminals})",
    "step {step} is not a step this run can end on (1 to {max_steps})":
        "на стъпка {step} това пускане не може да свърши (само от 1 до {max_steps})",
    "{answer} is not how run {run} ends": "пускане {run} не свършва така: {answer}",
    "every run is answered in the right form, but not every answer is how its run ends: play "
    "each run again, step by step (which ones are wrong is not said: that would give them "
    "away)":
        "за всяко пускане има отговор в правилната форма, но не всеки отговор е как свършва "
        "пускането: изиграй всяко отново, стъпка по стъпка (кои са грешни, не се казва — "
        "това би ги издало)",
    "expected a non-empty str, got {output}": "очакваше се непразен str, а е {output}",
    "keep the message under 300 characters: a person has to read it":
        "дръж съобщението под 300 знака: човек трябва да го прочете",
    "say how many actions the run used ({steps}), as a number":
        "кажи с число колко действия е направило пускането ({steps})",
    "the message says {number}, which is none of this run's counts or limits":
        "съобщението казва {number}, а това не е нито брояч, нито лимит на това пускане",
    "a success message names the card found ({card})":
        "съобщението за успех назовава намерената карта ({card})",
    "say that the card was found (use the word 'found')":
        "кажи, че картата е намерена (с думата 'found')",
    "after success there is nothing to ask: no question mark":
        "след success няма какво да питаш: без въпросителен знак",
    "a success message must not say that nothing was found or not all was checked":
        "съобщението за успех не бива да казва, че нищо не е намерено или че не всичко е "
        "проверено",
    "no read failed in this run: do not say one did":
        "в това пускане нито едно четене не е пропаднало: не казвай, че е",
    "the person must see every candidate card; missing {cards}":
        "човекът трябва да види всички подходящи карти; липсват {cards}",
    "say that no card matched (e.g. 'no card matches')":
        "кажи, че няма подходяща карта (например 'no card matches')",
    "needs_input asks the person something: ask a question (with '?')":
        "при needs_input човекът бива попитан: задай въпрос (със знак '?')",
    "nothing was chosen or solved, but the message says {words}":
        "нищо не е избрано или решено, а съобщението казва {words}",
    "the search finished: do not say that cards were left unchecked":
        "търсенето е завършено: не казвай, че са останали непроверени карти",
    "after {terminal} nothing was achieved, but the message says {words}":
        "след {terminal} нищо не е постигнато, а съобщението казва {words}",
    "after {terminal} no card was found: do not say 'found' (only 'nothing found')":
        "след {terminal} не е намерена карта: не казвай 'found' (само 'nothing found')",
    "after {terminal} not everything was checked, but the message claims it was":
        "след {terminal} не всичко е проверено, а съобщението твърди обратното",
    "say that reading failed (e.g. 'could not read the cards')":
        "кажи, че четенето не е успяло (например 'could not read the cards')",
    "say what went wrong: quote the error ({error})":
        "кажи какво се е объркало: цитирай грешката ({error})",
    "say that nothing was found or decided": "кажи, че нищо не е намерено или решено",
    "no card was found after error: name no card":
        "след error не е намерена карта: не назовавай карти",
    "say that the search stopped before every card was checked":
        "кажи, че търсенето е спряло, преди да са проверени всички карти",
    "{card} is only on the last page read, not a result: do not name it":
        "{card} е само на последната прочетена страница, не е резултат: не я назовавай",
    "the reads worked in this run: do not say reading failed":
        "в това пускане четенията успяха: не казвай, че четенето не е успяло",
    "the state's terminal {terminal} is not one of {terminals}":
        "изходът в състоянието, {terminal}, не е сред {terminals}",
    # --- what a person is told when a run ends (agentloop.terminal_messages) ---
    "Found it: the card is {card}.": "Намерих я: картата е {card}.",
    "I searched the whole board and no card matches. Which task do you mean?":
        "Прегледах цялото табло със задачи и няма подходяща карта. Коя задача имаш предвид?",
    "Several cards match: {cards}. Which one do you mean?":
        "Подхождат няколко карти: {cards}. Коя от тях имаш предвид?",
    "I could not read the task cards, so no card was found and nothing was decided.":
        "Не успях да прочета картите със задачи, затова не е намерена карта и нищо не е решено.",
    "I ran out of allowed steps before the search ended: not all cards were checked.":
        "Позволените стъпки свършиха преди търсенето: не всички карти са проверени.",
    # --- agentloop loop / agentloop run (agentloop.commands.loop, agentloop.stop_policy) ---
    "step: {step}": "стъпка: {step}",
    "state: {phase}": "състояние: {phase}",
    "action: {action}": "действие: {action}",
    "observation: {observation}": "наблюдение: {observation}",
    "decision: {decision}": "решение: {decision}",
    "config: {folder}": "config: {folder}",
    "model: replay (the authors' recorded route, not a live model)":
        "model: replay (маршрут, записан предварително от авторите, не жив модел)",
    "scenario: {scenario}": "scenario: {scenario}",
    "stop_policy: max_steps {max_steps}, max_retries {max_retries}":
        "stop_policy: max_steps {max_steps}, max_retries {max_retries}",
    "Step {step} | {action} | {decision}": "Стъпка {step} | {action} | {decision}",
    "Stop: {decision}": "Спирам: {decision}",
    "A replay proves nothing about how a live model would behave.":
        "Възпроизвеждането не доказва нищо за това как би се държал жив модел.",
    "{folder} is not a folder; pass the folder that holds {file}":
        "{folder} не е папка; посочи папката, в която е {file}",
    "no {file} in {folder}": "в {folder} няма {file}",
    "{path} is not valid JSON: {problem} at line {line}":
        "{path} не е валиден JSON: {problem} на ред {line}",
    "{path} must hold a JSON object with max_steps and max_retries":
        "{path} трябва да съдържа JSON обект с max_steps и max_retries",
    "{path}: unknown keys {keys}; allowed: max_steps, max_retries":
        "{path}: непознати ключове {keys}; позволени са max_steps и max_retries",
    "{path}: missing {keys}": "{path}: липсват {keys}",
    "{path} is a folder; {file} must be a file of JSON":
        "{path} е папка, а {file} трябва да е JSON файл",
    "{path} is not UTF-8 text": "{path} не е текст в UTF-8",
    "cannot read {path}: {problem}": "{path} не може да бъде прочетен: {problem}",
    "{option} needs a workspace: {folder} has no agent.json, only chapter 1's stop policy":
        "{option} работи само с работна папка на агент: в {folder} няма agent.json, само "
        "правилата за спиране от глава 1",
    # --- the loop explorer (agentloop.widgets.ch1_loop) ---
    "step": "стъпка",
    "action": "действие",
    "observation": "наблюдение",
    "failures": "неуспехи",
    "decision": "решение",
    "scenario": "сценарий",
    "first step": "първа стъпка",
    "next step": "следваща стъпка",
    "whole run": "цялото пускане",
    "showing step {shown} of {total}: the run goes on":
        "показана е стъпка {shown} от {total}: пускането продължава",
    "terminal: {terminal} after 1 step; message: {message}":
        "изход: {terminal} след 1 стъпка; съобщение: {message}",
    "terminal: {terminal} after {total} steps; message: {message}":
        "изход: {terminal} след {total} стъпки; съобщение: {message}",
    # --- a translated notebook's own cells (tools/translations.py) ---
    "Library messages (checks, the explorer, the demos) in this notebook's language":
        "Съобщенията на библиотеката (проверки, джаджа, демо) са на български",
    "This cell's translation is out of date: its English text changed, and is shown here "
    "until the translation is updated.":
        "Преводът на тази клетка е остарял: английският текст се е променил и е показан тук, "
        "докато преводът бъде обновен.",
    "This cell is not translated yet: its English text is shown here.":
        "Тази клетка още не е преведена: тук е показан английският текст.",
    # --- a check cell in practice: steps of a hint, a blank answer (checks.core, practice) ---
    "{count} cases fail the same way: {reason}":
        "не минават по един и същи начин (случаи: {count}): {reason}",
    "hint {number} of {total}: {hint}": "подсказка {number} от {total}: {hint}",
    "no hints left: the last one is a nudge, not the answer":
        "подсказките свършиха: последната само побутва, отговорът не е в нея",
    "1 more hint: press Hint": "има още 1 подсказка: натисни „Подсказка“",
    "{count} more hints: press Hint": "има още подсказки ({count}): натисни „Подсказка“",
    "expected {expected}, got {output}": "очаквано {expected}, получено {output}",
    "not answered yet — write `{name}` above":
        "още няма отговор — напиши `{name}` в клетката по-горе",
    "not answered yet — write `{name}` here, in place of `{stub}`":
        "още няма отговор — напиши `{name}` тук, вместо `{stub}`",
    "not answered yet — write your answer here, in place of `{stub}`":
        "още няма отговор — напиши отговора си тук, вместо `{stub}`",
    "not answered yet — this cell runs `{name}`, which you write above":
        "още няма отговор — тази клетка пуска `{name}`, а него го пишеш ти, по-горе",
    # --- the buttons under a check (agentloop.practice.panel) ---
    "Hint": "Подсказка",
    "Hint (after your first try)": "Подсказка (след първия опит)",
    "No hints left": "Няма повече подсказки",
    "Hint ({count} of {total} left)": "Подсказка (остават {count} от {total})",
    "Solution": "Решение",
    "Solution (seen)": "Решение (вече отворено)",
    "Solution (locked)": "Решение (заключено)",
    "Your answer solved the exercise: compare it with the course's":
        "Отговорът ти реши упражнението: сравни го с отговора на курса",
    "You looked before passing: the progress says so":
        "Решението е отворено преди проверките да минат: напредъкът го отбелязва",
    "Locked until your answer solves the exercise":
        "Заключено, докато отговорът ти не реши упражнението",
    "chapter: {passed} of {total} checks passed": "глава: минати проверки — {passed} от {total}",
    "(Hint, Solution and this chapter's progress are buttons: run the cell to see them)":
        "(„Подсказка“, „Решение“ и напредъкът в главата са бутони: изпълни клетката, за да ги "
        "видиш)",
    # --- solved, locked, shown anyway (agentloop.practice.solutions) ---
    "every check of {exercise} passed (the course has no answer to show)":
        "всички проверки на {exercise} минаха (курсът няма отговор, който да покаже)",
    "every check of {exercise} passed, but {problem}":
        "всички проверки на {exercise} минаха, но {problem}",
    "every listed case of {exercise} passes, but your answer does not yet give the right "
    "output on every case the course has (which ones is not said: finding them is the "
    "exercise). Read the rules in the hints again; the exercise is solved, and its reference "
    "answer opens, once it does.":
        "всички показани случаи на {exercise} минават, но при някои от случаите на курса "
        "отговорът ти все още дава грешен резултат (кои — не се казва: да ги откриеш е самото "
        "упражнение). Прочети отново правилата в подсказките; щом отговорът се справи с "
        "всички, упражнението е решено и отговорът на курса се отваря.",
    "exercise {exercise} solved: every listed case passes. It is judged by rules alone, so its "
    "example answer is locked with a key anyone can make (it proves nothing). Compare yours "
    "with it: Solution, below, or `solution(\"{exercise}\")`":
        "упражнението {exercise} е решено: всички показани случаи минават. То се проверява само "
        "по правила, затова примерният отговор е заключен с ключ, който всеки може да направи "
        "(това нищо не доказва). Сравни своя отговор с него: бутонът „Решение“ отдолу или "
        "`solution(\"{exercise}\")`",
    "exercise {exercise} solved: your answer also gives the right output on cases it has never "
    "seen, which opened the course's answer. Compare yours with it: Solution, below, or "
    "`solution(\"{exercise}\")`":
        "упражнението {exercise} е решено: отговорът ти е верен и при случаи, които не са ти "
        "показвани — това отвори отговора на курса. Сравни своя отговор с него: бутонът "
        "„Решение“ отдолу или `solution(\"{exercise}\")`",
    "Reference answer for {exercise} (chapter {chapter}), shown {when}, from the instructor "
    "notebook {source}:":
        "Отговорът на курса за {exercise} (глава {chapter}), показан {when}, от тетрадката на "
        "преподавателя {source}:",
    "Reference answer for {exercise} (chapter {chapter}), shown {when}:":
        "Отговорът на курса за {exercise} (глава {chapter}), показан {when}:",
    "(Your answer was not found: run your answer cell, then this again.)":
        "(Отговорът ти не е намерен: изпълни клетката с отговора, после пак тази.)",
    "Yours and the reference, line by line (- yours, + reference):":
        "Твоят отговор и отговорът на курса, ред по ред (- твоят, + на курса):",
    "Your answer is the same as the reference, line for line.":
        "Отговорът ти съвпада с отговора на курса ред по ред.",
    "Both can be right: the checks, not this text, say whether yours is.":
        "И двата могат да са верни: дали твоят е, казват проверките, а не този текст.",
    "(not found: run your answer cell, then this again)":
        "(не е намерен: изпълни клетката с отговора, после пак тази)",
    "yours": "твоят",
    "reference": "на курса",
    "{exercise}: this copy of the course holds its reference answer sealed until your answer "
    "solves the exercise, and no instructor notebook, so nothing is shown here. The reference "
    "is in the course's repository: {where}. (Your progress notes that you asked for it "
    "{when}.)":
        "{exercise}: в това копие на курса отговорът е заключен, докато отговорът ти не реши "
        "упражнението, а тетрадка на преподавателя тук няма, затова нищо не се показва. "
        "Отговорът на курса е в хранилището му: {where}. (Напредъкът отбелязва, че е поискан "
        "{when}.)",
    "{exercise}: every listed case passes, but your answer does not yet give the right output "
    "on every case the course has, so its reference answer stays locked. Read the rules in "
    "the hints again.":
        "{exercise}: всички показани случаи минават, но при някои от случаите на курса "
        "отговорът ти още е грешен, затова отговорът на курса остава заключен. Прочети отново "
        "правилата в подсказките.",
    "{exercise}: not every check has passed yet ({checks}). Trying a little longer is worth "
    "it: each ✘ says why, and Hint opens a hint step by step.":
        "{exercise}: още не всички проверки минават ({checks}). Струва си да опиташ още малко: "
        "всяко ✘ казва защо, а „Подсказка“ отваря подсказка стъпка по стъпка.",
    "To see the reference answer anyway (noted as seen before passing): "
    "`solution(\"{exercise}\", confirm=True)`":
        "За да видиш отговора на курса въпреки това (ще се отбележи като видян преди да "
        "минеш): `solution(\"{exercise}\", confirm=True)`",
    "Show me anyway…": "Покажи въпреки това…",
    "Yes, show it": "Да, покажи го",
    "No, I keep trying": "Не, ще опитам още",
    "Sure? You will see the reference answer before your answer solves the exercise, and your "
    "progress will say so.":
        "Наистина ли? Ще видиш отговора на курса, преди отговорът ти да реши упражнението, и "
        "напредъкът ще го отбележи.",
    "after passing": "след като минат проверките",
    "before passing": "преди да минат проверките",
    # --- the progress page and `agentloop progress` (agentloop.practice.tracking) ---
    "{passed} of {total} checks passed, {tried} tried, {not_started} not started; {solved} of "
    "{exercises} exercises solved":
        "минати проверки: {passed} от {total}, опитани: {tried}, незапочнати: {not_started}; "
        "решени упражнения: {solved} от {exercises}",
    "passed": "минато",
    "tried": "опитано",
    "not started": "незапочнато",
    "No exercises found: this is not a practice workspace (run ./course lab once).":
        "Няма упражнения: това не е работна папка на курса (пусни веднъж ./course lab).",
    "Your progress: {summary}": "Твоят напредък: {summary}",
    "(solution seen {when})": "(решението е отворено {when})",
    "{exercise} solved": "{exercise} е решено",
    "Your progress:": "Твоят напредък:",
    "status": "състояние",
    "check": "проверка",
    "what it checks": "какво проверява",
    "exercise": "упражнение",
    "solution": "решение",
    "solved": "решено",
    "seen {when}": "отворено {when}",
    # --- the start page (agentloop.practice.start) ---
    "Start here": "Откъде да започнеш",
    "This is your own copy of the course: five chapters on how an AI agent loop works, each "
    "with a few exercises. It runs on your computer, or in your browser, and sends nothing "
    "anywhere.":
        "Това е твоето собствено копие на курса: пет глави за това как работи цикълът на "
        "агента с ИИ, всяка с няколко упражнения. Всичко върви на твоя компютър или направо в "
        "браузъра и нищо не се изпраща никъде.",
    "The chapters": "Главите",
    "Your progress": "Твоят напредък",
    "[Your progress]({page}) lists every exercise of every chapter: passed, tried or not "
    "started, and ★ solved. It fills itself in when you open it. Under every check, a bar "
    "shows how far you are in that chapter.":
        "Страницата [„Твоят напредък“]({page}) изброява всички упражнения от всички глави: "
        "минато, опитано или незапочнато, и ★ решено. Попълва се сама, когато я отвориш. Под "
        "всяка проверка лента показва напредъка в главата.",
    "How an exercise works": "Как протича едно упражнение",
    "Write your code in the answer cell, in place of `raise NotImplementedError()`.":
        "Напиши кода си в клетката за отговор, вместо `raise NotImplementedError()`.",
    "Run the check cell below it (Shift+Enter). It lists the rules your answer must follow, ✔ "
    "or ✘, with each failing case under its rule. An answer not written yet gets one calm "
    "line: not answered yet.":
        "Изпълни клетката с проверката под нея (Shift+Enter). Тя изброява правилата, които "
        "отговорът трябва да спазва, с ✔ или ✘, и под всяко правило — случаите, които не "
        "минават. Ако отговорът още не е написан, има един спокоен ред: още няма отговор.",
    "Stuck? After your first try, **Hint** under the check opens a hint, one step at a time; a "
    "run that fails opens the next step too. The last step is a nudge, never the answer.":
        "Заседна ли? След първия опит бутонът **„Подсказка“** под проверката отваря подсказка "
        "стъпка по стъпка; неуспешно пускане на проверката също отваря следващата стъпка. "
        "Последната стъпка само побутва — отговорът не е в нея.",
    "Once every check of an exercise passes, your answer is also tried on cases you have not "
    "seen. If it is right there too, the exercise is ★ solved, and **Solution** shows the "
    "course's answer next to yours.":
        "Щом всички проверки на упражнението минат, отговорът ти се изпробва и на случаи, "
        "които не са ти показвани. Ако и там е верен, упражнението е ★ решено, а **„Решение“** "
        "показва отговора на курса до твоя.",
    "Before that, **Solution (locked)** asks you first. If you look anyway, your progress says "
    "so (seen before passing): trying a little longer is usually worth it.":
        "Дотогава **„Решение (заключено)“** първо те пита. Ако все пак погледнеш, напредъкът "
        "го отбелязва (отворено преди да минат проверките): обикновено си струва да опиташ "
        "още малко.",
    # --- the progress page's text (agentloop_grader.learner_release) ---
    "Every exercise of every chapter, with the state of each of its checks: **passed** (the "
    "latest run of the check passed), **tried** (you ran it on an answer of yours and some "
    "case failed) or **not started**. Every `check(\"…\")` you run in a chapter updates it; "
    "this page fills itself in when you open it, or run the cell below again. In a terminal, "
    "`agentloop progress` prints the same.":
        "Всички упражнения от всички глави и състоянието на всяка тяхна проверка: **минато** "
        "(последното пускане на проверката е минало), **опитано** (пускал си я върху свой "
        "отговор и някой случай не е минал) или **незапочнато**. Всяко `check(\"…\")`, пуснато "
        "в глава, обновява тази страница; тя се попълва сама, когато я отвориш, — или изпълни "
        "клетката по-долу още веднъж. В терминал същото показва `agentloop progress`.",
    "An exercise is **★ solved** when all its checks pass *and* your answer also gives the "
    "right output on cases you have not seen. Then **Solution** under its check (or "
    "`solution(\"<exercise id>\")`) shows the course's answer next to yours; before that it "
    "asks you first, and your progress notes that you looked.":
        "Упражнението е **★ решено**, когато всичките му проверки минат *и* отговорът ти дава "
        "верен резултат и на случаи, които не са ти показвани. Тогава **„Решение“** под "
        "проверката (или `solution(\"<exercise id>\")`) показва отговора на курса до твоя; "
        "дотогава първо те пита, а напредъкът отбелязва, че си погледнал.",
    "Good to know": "Полезно е да знаеш",
    "Run All (the Run menu) runs a whole chapter, blank exercises included.":
        "Run All (менюто Run) изпълнява цялата глава, включително празните упражнения.",
    "Your work is yours: save it as you go; an update of the course never overwrites it.":
        "Работата ти е твоя: запазвай я в движение; обновяване на курса никога не я "
        "презаписва.",
    "A widget needs its cell run again after a restart: until then it shows its text.":
        "След рестарт джаджата иска клетката ѝ да се изпълни отново: дотогава показва текста "
        "си.",
    # --- chapter 1's hints, step by step (agentloop.checks.ch1.HINTS) ---
    "A failed read is judged before anything else, by three rules in a fixed order: the "
    "`retryable` mark, then the failure count, then the step limit.":
        "Неуспешното четене се преценява преди всичко друго, по три правила в строг ред: "
        "първо белегът `retryable`, после броят неуспехи, после лимитът на стъпките.",
    "`retryable: false` is `error` at once, even with a retry left and even on the last step; "
    "a failure without the field, or with `true`, is `error` only once failures > "
    "max_retries.":
        "`retryable: false` е веднага `error`, дори да има останал повторен опит и дори на "
        "последната стъпка; неуспех без това поле или с `true` става `error` едва когато "
        "failures > max_retries.",
    "Only a failure that neither rule ends meets the step limit. Take the first ✘ case and "
    "walk it through your code by hand, line by line: which rule answers first?":
        "До лимита на стъпките стига само неуспех, който нито едно от двете правила не е "
        "спряло. Вземи първия случай с ✘ и го прекарай през кода си на ръка, ред по ред: кое "
        "правило отговаря първо?",
    "A read that worked is judged by whether its search is finished: `search_complete` true, "
    "or missing, means finished.":
        "Успешното четене се преценява по това дали търсенето е завършено: `search_complete` "
        "е true или полето липсва — значи е завършено.",
    "A finished search is judged by its different cards, even on the last step: the same card "
    "listed twice is one card.":
        "Завършеното търсене се преценява по различните карти, дори на последната стъпка: "
        "една и съща карта, посочена два пъти, е една карта.",
    "Only an unfinished search meets the step limit. For the first ✘ case, print how many "
    "different cards it has and whether its search is finished, then read the rule again.":
        "Лимитът на стъпките засяга само незавършено търсене. За първия случай с ✘ изведи "
        "колко различни карти има и дали търсенето е завършено, после прочети правилото "
        "отново.",
    "These cases have the observation, counters and limits of cases you already pass, with "
    "another `state['scenario']`.":
        "Тези случаи имат същите наблюдение, броячи и лимити като случаи, които вече минаваш, "
        "но друго `state['scenario']`.",
    "The decision comes from the observation, `steps`, `failures`, `max_steps` and "
    "`max_retries` alone.":
        "Решението идва само от наблюдението, `steps`, `failures`, `max_steps` и "
        "`max_retries`.",
    "Look through your code for every place it reads the scenario's name.":
        "Потърси в кода си всяко място, където се чете името на сценария.",
    "First the form: every run answered with a pair (terminal, step), on a step the run can "
    "end on.":
        "Първо формата: за всяко пускане — двойка (изход, стъпка), на стъпка, на която "
        "пускането наистина може да завърши.",
    "Play a run on paper, one observation a step: add 1 to `steps` (and to `failures` after a "
    "failed read), then let the revised rules decide; the first terminal ends the run.":
        "Изиграй пускането на хартия, по едно наблюдение на стъпка: добави 1 към `steps` (и "
        "към `failures` след неуспешно четене), после остави обновените правила да решат; "
        "първият изход приключва пускането.",
    "Check your table with your own `decide` from exercise 1, run by run: the library's "
    "`decide` follows the first policy and gives other answers.":
        "Провери таблицата си със собствения си `decide` от упражнение 1, пускане по пускане: "
        "`decide` на библиотеката следва първите правила и дава други отговори.",
    "Each terminal has its own row of must and must-not in the chapter's table; the ✘ line "
    "names the rule your message breaks.":
        "Всеки изход има свой ред „трябва“ и „не бива“ в таблицата на главата; редът с ✘ "
        "назовава правилото, което съобщението ти нарушава.",
    "Every message says how many actions the run used, as a number, and no number that is not "
    "one of the run's counts or limits.":
        "Всяко съобщение казва с число колко действия е използвало пускането и не съдържа "
        "числа, които не са сред броячите и лимитите му.",
    "Take the cards and the error text from `state['observation']`, each different card once, "
    "then read your message for the ✘ case against its row of the table.":
        "Вземи картите и текста на грешката от `state['observation']`, всяка различна карта "
        "веднъж, после сравни съобщението за случая с ✘ с неговия ред от таблицата. Пиши "
        "съобщението на английски: правилата на проверката четат английски думи.",
    # --- chapter 2's checks (agentloop.checks.ch2, agentloop_grader.answers.ch2) ---
    "validate_proposal() refuses a malformed proposal (revised rules)":
        "validate_proposal() отказва неправилно оформено предложение (новите правила)",
    "validate_proposal() weighs scope, the budget and final answers (revised rules)":
        "validate_proposal() претегля обхвата, бюджета и окончателните отговори (новите правила)",
    "register list_keys: it runs, and bad arguments are still refused":
        "регистрирай list_keys: изпълнява се, а лошите аргументи пак се отказват",
    "a planner that reads the tool cards and answers 'which topics?' honestly":
        "планировчик, който чете картите на инструментите и отговаря честно на „какви теми?“",
    # the rules a case tests
    "not_a_dict: the proposal is not a dict (JSON text is not one either)":
        "not_a_dict: предложението не е речник (и JSON текстът не е)",
    "unknown_type: type is missing or not 'tool' / 'final'":
        "unknown_type: type липсва или не е 'tool' / 'final'",
    "missing_field: a field of that type is absent": "missing_field: липсва поле на този тип",
    "extra_field: a field that type does not have (why is allowed)":
        "extra_field: поле, което този тип няма (why е позволено)",
    "bad_field: why is not a text of 1 to 200 characters":
        "bad_field: why не е текст от 1 до 200 знака",
    "unknown_tool: name is not a registered tool":
        "unknown_tool: name не е регистриран инструмент",
    "bad_argument: args is not a dict, or a value has the wrong type or bounds":
        "bad_argument: args не е речник или стойност е от грешен тип или извън границите",
    "missing_argument: an argument of the schema is absent":
        "missing_argument: липсва аргумент от схемата",
    "extra_argument: an argument the schema does not have":
        "extra_argument: аргумент, който схемата няма",
    "out_of_scope: a scoped argument is not the requested key":
        "out_of_scope: ограничен аргумент не е поисканият ключ",
    "last_step: a tool call that would use the run's last step":
        "last_step: извикване на инструмент, което би изразходвало последната стъпка на "
        "пускането",
    "final_without_observation: a final answer before any tool ran":
        "final_without_observation: окончателен отговор, преди да се е изпълнил инструмент",
    "final_mismatch: the answer differs from the last tool result":
        "final_mismatch: отговорът се различава от последния резултат на инструмент",
    "accepted: a valid proposal returns None": "accepted: при валидно предложение се връща None",
    "an arbitrary dict: refused with one of the codes, or accepted only if valid":
        "произволен речник: отказан с един от кодовете или приет само ако е валиден",
    "a good limit runs: the catalogue's keys, sorted, at most limit of them":
        "добър лимит се изпълнява: ключовете на каталога, подредени, най-много limit на брой",
    "a bad limit (out of 1–10, not an int, a bool) is refused by the controller":
        "лош лимит (извън 1–10, не е int, bool е) се отказва от контролера",
    "a missing or an extra argument is refused by the controller":
        "липсващ или излишен аргумент се отказва от контролера",
    "lookup keeps working next to list_keys": "lookup продължава да работи до list_keys",
    "a desk with top_topics → done, with the topics for the largest count its card allows":
        "гише с top_topics → done, с темите за най-големия брой, който картата му позволява",
    "a desk with lookup only → done, with the record as observed":
        "гише само с lookup → done, със записа такъв, какъвто е наблюдаван",
    "a course not in the catalogue → unknown, answer None":
        "курс, който го няма в каталога → unknown, отговор None",
    "one step: the tool runs, no step is left to finish → stopped":
        "една стъпка: инструментът се изпълнява, не остава стъпка за завършване → stopped",
    # the cases a learner sees
    "a well-formed lookup of the requested key → accepted":
        "правилно оформено търсене на поискания ключ → accepted",
    "JSON text, not a dict → not_a_dict": "JSON текст, не речник → not_a_dict",
    "type 'shell' → unknown_type": "type 'shell' → unknown_type",
    "type ['tool'], a list → unknown_type": "type ['tool'], списък → unknown_type",
    "no args → missing_field": "без args → missing_field",
    "an extra 'reason' field → extra_field": "излишно поле 'reason' → extra_field",
    "a lookup with a short why note → accepted": "търсене с кратка бележка why → accepted",
    "a final answer with a why note → accepted": "окончателен отговор с бележка why → accepted",
    "why is 42, not a text → bad_field": "why е 42, не текст → bad_field",
    "an empty why → bad_field": "празно why → bad_field",
    "a why of 201 characters → bad_field": "why от 201 знака → bad_field",
    "a why of exactly 200 characters → accepted": "why от точно 200 знака → accepted",
    "an extra field and a bad why → extra_field (fields first)":
        "излишно поле и лошо why → extra_field (първо полетата)",
    "a bad why and a bad key → bad_field (the note first)":
        "лошо why и лош ключ → bad_field (първо бележката)",
    "tool 'python' with why a list → bad_field (the note before the tool)":
        "инструмент 'python' с why списък → bad_field (бележката преди инструмента)",
    "tool 'python' → unknown_tool": "инструмент 'python' → unknown_tool",
    "no key → missing_argument": "без key → missing_argument",
    "args {'k': 'ai'} → missing_argument (missing before extra)":
        "args {'k': 'ai'} → missing_argument (липсващото преди излишното)",
    "an extra limit → extra_argument": "излишен limit → extra_argument",
    "args a list → bad_argument": "args е списък → bad_argument",
    "key 42, not a str → bad_argument": "key 42, не str → bad_argument",
    "a 40-character key → bad_argument": "ключ от 40 знака → bad_argument",
    "top_topics with count 2 → accepted": "top_topics с count 2 → accepted",
    "count True (a bool, not an int) → bad_argument":
        "count True (bool, не int) → bad_argument",
    "count 4, above the maximum 3 → bad_argument": "count 4, над максимума 3 → bad_argument",
    "a final proposal without an answer → missing_field":
        "предложение final без answer → missing_field",
    "lookup 'design' when asked about 'ai' → out_of_scope":
        "lookup 'design', когато е питано за 'ai' → out_of_scope",
    "top_topics of another key → out_of_scope": "top_topics на друг ключ → out_of_scope",
    "a final answer before any lookup → final_without_observation":
        "окончателен отговор преди каквото и да е търсене → final_without_observation",
    "an answer that is not the observed record → final_mismatch":
        "отговор, който не е наблюдаваният запис → final_mismatch",
    "answering None after a record was found → final_mismatch":
        "отговор None, след като е намерен запис → final_mismatch",
    "the observed record as the answer → accepted":
        "наблюдаваният запис като отговор → accepted",
    "None after the lookup found nothing → accepted":
        "None, след като търсенето не е намерило нищо → accepted",
    "a second lookup with two steps left → accepted":
        "второ търсене, когато остават две стъпки → accepted",
    "a lookup in a run of one step → last_step": "търсене в пускане от една стъпка → last_step",
    "a lookup on step 2 of 2 → last_step": "търсене на стъпка 2 от 2 → last_step",
    "another key on the last step → out_of_scope (scope first)":
        "друг ключ на последната стъпка → out_of_scope (първо обхватът)",
    "a bad key on the last step → bad_argument": "лош ключ на последната стъпка → bad_argument",
    "a final answer on the last step → accepted":
        "окончателен отговор на последната стъпка → accepted",
    "an arbitrary dict → any of the codes": "произволен речник → който и да е от кодовете",
    "limit 10 → ['ai', 'design']": "limit 10 → ['ai', 'design']",
    "limit 1 → ['ai']": "limit 1 → ['ai']",
    "another catalogue, limit 3 → its first 3 keys in order":
        "друг каталог, limit 3 → първите му 3 ключа по ред",
    "limit 0 → refused (bad_argument)": "limit 0 → отказано (bad_argument)",
    "limit 11 → refused (bad_argument)": "limit 11 → отказано (bad_argument)",
    "limit '2', a str → refused (bad_argument)": "limit '2', str → отказано (bad_argument)",
    "limit True, a bool → refused (bad_argument)": "limit True, bool → отказано (bad_argument)",
    "no limit → refused (missing_argument)": "без limit → отказано (missing_argument)",
    "an extra prefix → refused (extra_argument)": "излишен prefix → отказано (extra_argument)",
    "lookup still works next to it": "lookup още работи до него",
    "'ai', top_topics up to 3 → done, ['goals', 'tools', 'checks']":
        "'ai', top_topics до 3 → done, ['goals', 'tools', 'checks']",
    "'design' with 2 steps → done": "'design' с 2 стъпки → done",
    "a desk whose top_topics shows at most 2 → done, ['goals', 'tools']":
        "гише, чийто top_topics показва най-много 2 → done, ['goals', 'tools']",
    "another catalogue, top_topics up to 5 and its card first → done, all 4 of art's topics":
        "друг каталог, top_topics до 5 и картата му първа → done, всичките 4 теми на art",
    "another catalogue: 'art' → done, its first 3 topics":
        "друг каталог: 'art' → done, първите му 3 теми",
    "a desk with lookup only → done, the whole record": "гише само с lookup → done, целият запис",
    "'robotics' → unknown, answer None": "'robotics' → unknown, отговор None",
    "'robotics' on a desk with lookup only → unknown": "'robotics' на гише само с lookup → unknown",
    "'AI' is not 'ai': the key as asked → unknown":
        "'AI' не е 'ai': ключът, както е поискан → unknown",
    "'ai' with 1 step → stopped (no step left to finish)":
        "'ai' с 1 стъпка → stopped (не остава стъпка за завършване)",
    "lookup only, 1 step → stopped": "само lookup, 1 стъпка → stopped",
    # the cases only the grader adds
    "generated {kind} {number}": "генериран случай {kind} {number}",
    "arbitrary proposal {number}": "произволно предложение {number}",
    "generated catalogue {number}": "генериран каталог {number}",
    "generated run {number}": "генерирано пускане {number}",
    "generated run {number}: another key": "генерирано пускане {number}: друг ключ",
    "generated run {number}: top_topics of another key":
        "генерирано пускане {number}: top_topics на друг ключ",
    "generated run {number}: final first": "генерирано пускане {number}: първо final",
    "generated run {number}: a final that is not the result":
        "генерирано пускане {number}: final, който не е резултатът",
    "generated run {number}: the result as the final":
        "генерирано пускане {number}: резултатът като final",
    "generated run {number}: a repeat lookup, steps left":
        "генерирано пускане {number}: повторно търсене, има още стъпки",
    "generated run {number}: a lookup on step {step} of {last}":
        "генерирано пускане {number}: търсене на стъпка {step} от {last}",
    "generated run {number}: top_topics on the last step":
        "генерирано пускане {number}: top_topics на последната стъпка",
    "generated run {number}: another key on the last step":
        "генерирано пускане {number}: друг ключ на последната стъпка",
    "generated run {number}: a bad key on the last step":
        "генерирано пускане {number}: лош ключ на последната стъпка",
    "generated run {number}: a final on the last step":
        "генерирано пускане {number}: final на последната стъпка",
    # hints
    "In order: a dict; type tool/final; exactly the fields of that type (plus an optional "
    "why); why a text of 1 to 200 characters; a registered tool; args a dict; its arguments "
    "(missing, extra, type and bounds); scope; the last step; then a final answer needs an "
    "observation and must equal the last result.":
        "По ред: речник; type tool/final; точно полетата на този тип (плюс незадължително why); "
        "why — текст от 1 до 200 знака; регистриран инструмент; args — речник; аргументите му "
        "(липсващи, излишни, тип и граници); обхват; последната стъпка; после окончателният "
        "отговор иска наблюдение и трябва да е равен на последния резултат.",
    "A scoped argument must equal state['key']; a tool call needs a step left after it "
    "(state['steps'] + 1 < state['max_steps']); a final answer needs an observation and must "
    "equal state['observations'][-1]['result'] (None included).":
        "Ограниченият аргумент трябва да е равен на state['key']; извикването на инструмент "
        "иска да остане стъпка след него (state['steps'] + 1 < state['max_steps']); "
        "окончателният отговор иска наблюдение и трябва да е равен на "
        "state['observations'][-1]['result'] (и None).",
    "The controller refuses only what the schema forbids, so the bounds of limit belong in "
    "the args schema; run gets the catalogue your function was given.":
        "Контролерът отказва само онова, което схемата забранява, затова границите на limit "
        "са място в схемата args; run получава каталога, който е дала твоята функция.",
    "Nothing observed yet → look for the card named top_topics: propose it for state['key'] "
    "with its count's maximum (card['args']['count']['maximum']); no such card → propose "
    "lookup. Otherwise finish with the last result, whatever it is.":
        "Още нищо не е наблюдавано → потърси картата с име top_topics: предложи я за "
        "state['key'] с максимума на count (card['args']['count']['maximum']); няма такава "
        "карта → предложи lookup. Иначе завърши с последния резултат, какъвто и да е той.",
    # hint steps (agentloop.checks.ch2.HINTS)
    "The rules run in the lesson's order and the first one that fails gives the code: each ✘ "
    "line says which code the case expects and which one you gave.":
        "Правилата вървят в реда от урока и първото нарушено дава кода: всеки ред с ✘ казва "
        "какъв код очаква случаят и какъв си дал ти.",
    "The two new rules have their places: `why` (a text of 1 to 200 characters, not an extra "
    "field) comes after the fields are known to be right and before the tool is looked up; "
    "`last_step` comes after every other rule of a tool call.":
        "Двете нови правила имат свои места: `why` (текст от 1 до 200 знака, не излишно поле) "
        "идва, след като е ясно, че полетата са наред, и преди да се търси инструментът; "
        "`last_step` идва след всяко друго правило за извикване на инструмент.",
    "Take the first ✘ case and find which of your checks answers first on it. A value of any "
    "type must never crash your code: look at a value's type before its length or size, and "
    "remember that `True` is not an int.":
        "Вземи първия случай с ✘ и намери коя твоя проверка отговаря първа на него. Стойност от "
        "какъвто и да е тип не бива да срива кода ти: гледай типа на стойността преди "
        "дължината или размера ѝ и помни, че `True` не е int.",
    "These cases weigh the run: the requested key (scope), the steps left, and what was "
    "observed.":
        "Тези случаи претеглят пускането: поискания ключ (обхвата), оставащите стъпки и "
        "наблюдаваното.",
    "A tool call that would use the run's last step is `last_step`, but only once every other "
    "rule of a tool call passed, scope included; a final answer may use the last step.":
        "Извикване на инструмент, което би изразходвало последната стъпка, е `last_step`, но "
        "едва след като всяко друго правило за извикване на инструмент е минало, и обхватът; "
        "окончателният отговор може да използва последната стъпка.",
    "A final answer needs an observation and must equal the last result exactly, `None` "
    "included. For the arbitrary dicts: whatever you are given, return `None` or raise "
    "`ProposalRejected` — never another exception.":
        "Окончателният отговор иска наблюдение и трябва да е точно равен на последния резултат, "
        "и когато той е `None`. За произволните речници: каквото и да получиш, върни `None` "
        "или вдигни `ProposalRejected` — никога друго изключение.",
    "The controller checks every proposal against your tool's schema before the tool runs: "
    "the check hands it bad limits and expects the controller to refuse them.":
        "Контролерът проверява всяко предложение спрямо схемата на твоя инструмент, преди "
        "инструментът да се изпълни: проверката му дава лоши лимити и очаква контролерът да "
        "ги откаже.",
    "So the type and both bounds of `limit` belong in the schema; a check inside your "
    "function comes too late for the controller.":
        "Затова типът и двете граници на `limit` са място в схемата; проверка вътре във "
        "функцията ти идва твърде късно за контролера.",
    "Your tool must use the catalogue `add_list_keys` was given. Try it on a small catalogue "
    "of your own with a limit of 1, then with the largest limit allowed.":
        "Инструментът ти трябва да използва каталога, даден на `add_list_keys`. Пробвай го "
        "върху свой малък каталог с лимит 1, после с най-големия позволен лимит.",
    "A planner proposes one step at a time: what it proposes depends on whether anything was "
    "observed yet.":
        "Планировчикът предлага по една стъпка: какво предлага, зависи от това дали вече е "
        "наблюдавано нещо.",
    "Nothing observed yet: the cards say which tools this desk has, and the card of "
    "`top_topics` says how many topics it shows at once.":
        "Още нищо не е наблюдавано: картите казват какви инструменти има това гише, а картата "
        "на `top_topics` казва колко теми показва наведнъж.",
    "Something observed: a final answer must equal the last result exactly, whatever it is. "
    "Print the proposals your planner makes on the ✘ desk, one step at a time.":
        "Нещо е наблюдавано: окончателният отговор трябва да е точно равен на последния "
        "резултат, какъвто и да е той. Отпечатай предложенията, които планировчикът ти прави "
        "на гишето с ✘, стъпка по стъпка.",
    # why an answer is wrong
    "return None to accept a proposal (raise ProposalRejected to refuse it)":
        "върни None, за да приемеш предложение (вдигни ProposalRejected, за да го откажеш)",
    "accepted it; expected a rejection ({expected})":
        "прието е; очакваше се отказ ({expected})",
    "rejected a valid proposal with {code}": "валидно предложение е отказано с {code}",
    "a rejection needs a reason a person can read":
        "отказът иска причина, която човек може да прочете",
    "{code} is not one of the chapter's codes ({codes})":
        "{code} не е от кодовете на главата ({codes})",
    "rejected with {code}; expected {expected}": "отказано с {code}; очакваше се {expected}",
    "no tool named {tool} is in the registry after your function ran":
        "след като функцията ти се изпълни, в регистъра няма инструмент с име {tool}",
    "give {tool} a description a model could read (a sentence)":
        "дай на {tool} описание, което моделът може да прочете (изречение)",
    "the tool's card is not a valid tool definition: {problem}":
        "картата на инструмента не е валидно определение на инструмент: {problem}",
    "with your schema the controller would run it; it should refuse it with {expected}: check the "
    "schema":
        "с твоята схема контролерът би го изпълнил; трябва да го откаже с {expected}: провери "
        "схемата",
    "the controller refuses it with {code}; expected {expected}":
        "контролерът го отказва с {code}; очакваше се {expected}",
    "the controller refuses it with {code} under your schema; it should run":
        "по твоята схема контролерът го отказва с {code}; а трябва да се изпълни",
    "the tool did not run": "инструментът не се изпълни",
    "the call returned {result}; expected {expected}":
        "извикването върна {result}; очакваше се {expected}",
    "the run needed proposal {number} but the planner made {count}":
        "пускането имаше нужда от предложение {number}, а планировчикът е направил {count}",
    "the controller refused proposal {number} ({proposal}): {problem}":
        "контролерът отказа предложение {number} ({proposal}): {problem}",
    "the run used {number} proposals but the planner made {count}":
        "пускането използва {number} предложения, а планировчикът е направил {count}",
    "the planner made no proposals": "планировчикът не направи нито едно предложение",
    "status {status}; expected {expected}": "статус {status}; очакваше се {expected}",
    "answer {answer}; expected {expected}": "отговор {answer}; очакваше се {expected}",
    # --- chapter 3's checks (agentloop.checks.ch3, agentloop_grader.answers.ch3) ---
    "repeated_action() stops an action already asked for at any earlier step":
        "repeated_action() спира действие, което вече е било поискано на някоя по-ранна стъпка",
    "with repeated_action, the agent stops before running an action a second time":
        "с repeated_action агентът спира, преди да изпълни едно действие втори път",
    "token_budget(budget) stops a run once the tokens sent and written pass the budget":
        "token_budget(budget) спира пускането, щом пратените и написаните токени надминат "
        "бюджета",
    "budget_stop_step(task, budget): where the office's budget stops the support agent":
        "budget_stop_step(task, budget): къде бюджетът на бюрото спира агента на поддръжката",
    "the fixed loop ends a run on a reply without an action":
        "поправеният цикъл слага край на пускането при отговор без действие",
    "the fixed loop ends every run the right way: an answer, a hand-over, the limit":
        "поправеният цикъл слага край на всяко пускане по правилния начин: отговор, предаване "
        "на човек, лимит",
    "exit_report(task) names the exit the run really took, and its step":
        "exit_report(task) назовава изхода, през който пускането наистина е минало, и стъпката "
        "му",
    "exit_report(task) gives the answer only if there was one, and the open requests":
        "exit_report(task) дава отговора само ако е имало такъв, и отворените заявки",
    "handover_note(transcript) says how the run ended, and claims nothing else":
        "handover_note(transcript) казва как е свършило пускането и не твърди нищо друго",
    "handover_note(transcript), an honest note that also names the requests waiting":
        "handover_note(transcript) — честна бележка, която назовава и чакащите заявки",
    # the rules a case tests
    "a first step has nothing to repeat → None": "първата стъпка няма какво да повтори → None",
    "the same tool with the same input as the step before → a reason (plans may differ)":
        "същият инструмент със същия вход като на предишната стъпка → причина (плановете може "
        "да се различават)",
    "the same tool with the same input as any earlier step, however far back → a reason":
        "същият инструмент със същия вход като на която и да е по-ранна стъпка, колкото и "
        "назад → причина",
    "the same tool with an input not asked for before → None":
        "същият инструмент с вход, който не е искан преди → None",
    "another tool with an input asked for before → None":
        "друг инструмент с вход, който е искан преди → None",
    "an action unlike every earlier one, in a longer run → None":
        "действие, различно от всички по-ранни, в по-дълго пускане → None",
    "an action asked for again, however far back, is stopped before it runs":
        "действие, поискано отново, колкото и назад да е било първото, се спира, преди да се "
        "изпълни",
    "a run whose actions all differ goes on to its answer":
        "пускане, чиито действия са все различни, стига до отговора си",
    "a hand-over ends the run; the guard has nothing to stop":
        "предаването на човек слага край на пускането; предпазителят няма какво да спре",
    "the step limit still ends a run that repeats nothing in time":
        "лимитът на стъпките пак слага край на пускане, което не е повторило нищо навреме",
    "a bill below the budget → None": "сметка под бюджета → None",
    "a bill exactly on the budget has not passed it → None":
        "сметка точно колкото бюджета не го е надминала → None",
    "a bill one token or more over the budget → a reason":
        "сметка с един или повече токена над бюджета → причина",
    "the replies count too: the tokens sent alone are within, the bill is not → a reason":
        "отговорите също се броят: само пратените токени са в бюджета, сметката не е → причина",
    "every request and reply counts, not only the last: small ones add up → a reason":
        "брои се всяка заявка и всеки отговор, не само последните: малките се натрупват → "
        "причина",
    "the first request and its reply alone can pass the budget → a reason":
        "първата заявка и отговорът ѝ сами могат да надминат бюджета → причина",
    "in a run, the first step with an action whose bill passes the budget is stopped before "
    "its action runs":
        "в пускане първата стъпка с действие, чиято сметка надминава бюджета, се спира, преди "
        "действието ѝ да се изпълни",
    "the first step with an action whose bill passes the budget":
        "първата стъпка с действие, чиято сметка надминава бюджета",
    "a bill exactly on the budget has not passed it":
        "сметка точно колкото бюджета не го е надминала",
    "an answer is not an action: a guard never stops it → None":
        "отговорът не е действие: предпазител никога не го спира → None",
    "a hand-over is not an action: a guard never stops it → None":
        "предаването на човек не е действие: предпазител никога не го спира → None",
    "a run whose bill stays within the budget → None":
        "пускане, чиято сметка остава в рамките на бюджета → None",
    "an answer ends the run: no line follows its end: line":
        "отговорът слага край на пускането: след реда му end: не следва нищо",
    "an answer on the last allowed step is still an answer":
        "отговор на последната позволена стъпка пак е отговор",
    "a reply with neither an answer nor an action (max_tokens) ends with its end: line too":
        "реплика без отговор и без действие (max_tokens) също свършва с реда си end:",
    "a reply with several actions runs and logs each; the answer after it ends the run":
        "отговор с няколко действия изпълнява и записва всяко; отговорът след него слага край "
        "на пускането",
    "hand_to_human is not run: the run stops with the model's reason":
        "hand_to_human не се изпълнява: пускането спира с причината на модела",
    "an action before hand_to_human in the same reply is run; then the hand-over ends the run":
        "действие преди hand_to_human в същия отговор се изпълнява; после предаването на човек "
        "слага край на пускането",
    "max_steps steps without an answer end with the step-limit line":
        "max_steps стъпки без отговор свършват с реда за лимита на стъпките",
    "several actions a step, each one logged, until the step limit":
        "по няколко действия на стъпка, всяко записано, до лимита на стъпките",
    "an error observation is logged as observation (error)":
        "наблюдение с грешка се записва като observation (error)",
    "an answer: exit end_turn, the step it came on, the answer's text":
        "отговор: изход end_turn, стъпката, на която е дошъл, текстът на отговора",
    "a run cut short keeps its return request pending, and has no answer":
        "прекъснато пускане оставя заявката си за връщане да чака и няма отговор",
    "a hand-over: exit hand_to_human, no answer":
        "предаване на човек: изход hand_to_human, без отговор",
    "the step limit: exit max_steps on the last step, no answer":
        "лимитът на стъпките: изход max_steps на последната стъпка, без отговор",
    "an answer: say answered and the step; nobody takes over":
        "отговор: кажи answered и стъпката; никой не поема",
    "the step limit: say step limit and the step; an employee takes over":
        "лимитът на стъпките: кажи step limit и стъпката; поема служител",
    "a hand-over: say the model asked, quote its reason; an employee takes over":
        "предаване на човек: кажи, че моделът е asked (поискал), цитирай причината му; поема "
        "служител",
    "a guard: say guard, quote its reason; an employee takes over":
        "предпазител: кажи guard, цитирай причината му; поема служител",
    "a cut-off reply: say cut off, quote the stop reason; an employee takes over":
        "прекъснат отговор: кажи cut off, цитирай причината за спирането; поема служител",
    "requests are waiting: name each one, invent none, no money words":
        "чакат заявки: назови всяка, не измисляй нито една, никакви думи за пари",
    "no request was opened: name none, no money words":
        "не е отворена заявка: не назовавай нито една, никакви думи за пари",
    # the cases a learner sees
    "the first step": "първата стъпка",
    "estimate_delivery(1042) twice in a row, with different plans and tokens":
        "estimate_delivery(1042) два пъти подред, с различни планове и токени",
    "get_order_status of 1187, then of 1042": "get_order_status на 1187, после на 1042",
    "get_order_status(1187), then open_return_request(1187)":
        "get_order_status(1187), после open_return_request(1187)",
    "estimate_delivery(1042) on steps 1 and 3, another action between":
        "estimate_delivery(1042) на стъпки 1 и 3, с друго действие между тях",
    "get_order_status(1187) on steps 2 and 4": "get_order_status(1187) на стъпки 2 и 4",
    "four different actions": "четири различни действия",
    "courier 1042: {task}": "куриер 1042: {task}",
    "the compensation for 1042": "обезщетението за 1042",
    "the return of 1042": "връщането на 1042",
    "the courier task with max_steps=1": "задачата за куриера с max_steps=1",
    "the alternating model: estimate_delivery(1042) and get_order_status(1042) in turn":
        "моделът на смени: estimate_delivery(1042) и get_order_status(1042) поред",
    "a scripted model asking estimate_delivery(1042) again on step 4":
        "модел по сценарий, който пак иска estimate_delivery(1042) на стъпка 4",
    "a scripted model: the status of 1187 and of 1042, then a return of 1187":
        "модел по сценарий: статусът на 1187 и на 1042, после връщане на 1187",
    "101 sent + 12 written, budget 300": "101 пратени + 12 написани, бюджет 300",
    "101 + 12 + 124 + 9 = 246, budget 246": "101 + 12 + 124 + 9 = 246, бюджет 246",
    "101 + 12 + 124 + 9 = 246, budget 245": "101 + 12 + 124 + 9 = 246, бюджет 245",
    "101 + 124 = 225 sent, 12 + 9 written, budget 225":
        "101 + 124 = 225 пратени, 12 + 9 написани, бюджет 225",
    "three requests and replies, 398 in all, budget 300":
        "три заявки и отговора, общо 398, бюджет 300",
    "101 sent + 12 written, budget 110": "101 пратени + 12 написани, бюджет 110",
    "the courier task with token_budget(300)": "задачата за куриера с token_budget(300)",
    "the return of 1187 with token_budget(250)": "връщането на 1187 с token_budget(250)",
    "the courier task, budget 300": "задачата за куриера, бюджет 300",
    "the courier task, budget 246": "задачата за куриера, бюджет 246",
    "the courier task, budget 225": "задачата за куриера, бюджет 225",
    "the return of 1187, budget 300": "връщането на 1187, бюджет 300",
    "the return of 1187, budget 250": "връщането на 1187, бюджет 250",
    "the compensation, budget 200": "обезщетението, бюджет 200",
    "the return of 1042, budget 300": "връщането на 1042, бюджет 300",
    "a scripted reply asking for two statuses at once, then an answer":
        "отговор по сценарий, който иска два статуса наведнъж, после отговор",
    "a scripted reply cut off by max_tokens on step 2":
        "отговор по сценарий, прекъснат от max_tokens на стъпка 2",
    "a scripted reply: a return request, then hand_to_human":
        "отговор по сценарий: заявка за връщане, после hand_to_human",
    "a scripted model asking for two actions a step, max_steps=2":
        "модел по сценарий, който иска по две действия на стъпка, max_steps=2",
    "a scripted refund_money call, max_steps=1":
        "извикване на refund_money по сценарий, max_steps=1",
    "the courier task with max_steps=3": "задачата за куриера с max_steps=3",
    "the return of 1187": "връщането на 1187",
    "the return of the undelivered 1042": "връщането на недоставената 1042",
    "the courier task": "задачата за куриера",
    "the compensation": "обезщетението",
    "the return of 1187 with max_steps=2": "връщането на 1187 с max_steps=2",
    "the courier task, a guard objects on step 2":
        "задачата за куриера, предпазител възразява на стъпка 2",
    "a reply cut off by max_tokens": "отговор, прекъснат от max_tokens",
    # the cases only the grader adds
    "generated history {number}": "генерирана история {number}",
    "{label}, max_steps={max_steps}": "{label}, max_steps={max_steps}",
    "return 1187": "връщане 1187",
    "return 1042": "връщане 1042",
    "compensation 1042": "обезщетение 1042",
    "courier 1042": "куриер 1042",
    "generated: {count} requests, budget {budget}":
        "генерирано: {count} заявки, бюджет {budget}",
    "generated task {number}, budget {budget}": "генерирана задача {number}, бюджет {budget}",
    "scripted run {number}": "пускане по сценарий {number}",
    "support agent on {task}": "агентът на поддръжката на {task}",
    "support agent on {task}, max_steps={max_steps}":
        "агентът на поддръжката на {task}, max_steps={max_steps}",
    "generated task {number}, max_steps={max_steps}":
        "генерирана задача {number}, max_steps={max_steps}",
    # hints
    "Compare the last step's tool AND input with those of every earlier step, not only the "
    "step before; plans and token counts do not matter.":
        "Сравни инструмента И входа на последната стъпка с тези на всяка по-ранна стъпка, не "
        "само на предишната; плановете и броят на токените нямат значение.",
    "The guard runs before the action: the first action asked for a second time, on whatever "
    "step, must not be run; runs that never repeat go on to their own end.":
        "Предпазителят се пуска преди действието: първото действие, поискано втори път, на "
        "която и да е стъпка, не бива да се изпълни; пусканията, които не повтарят нищо, "
        "стигат до собствения си край.",
    "For every step so far add what was sent (tokens) and what the model wrote back "
    "(reply_tokens); stop when that sum is greater than the budget.":
        "За всяка стъпка досега събери пратеното (tokens) и написаното от модела в отговор "
        "(reply_tokens); спри, когато този сбор е по-голям от бюджета.",
    "Run the support agent with your token_budget(budget) as its guard: if the run's exit is "
    "the guard's, it stopped on its last step; otherwise nothing was stopped.":
        "Пусни агента на поддръжката с твоя token_budget(budget) като предпазител: ако изходът "
        "на пускането е този на предпазителя, то е спряло на последната си стъпка; иначе нищо "
        "не е спряно.",
    "After the 'end:' line the run is over: nothing may follow it, not even the step-limit "
    "line. Which statement leaves the function, and which only the loop?":
        "След реда 'end:' пускането е свършило: след него не може да следва нищо, дори редът за "
        "лимита на стъпките. Коя команда напуска функцията и коя — само цикъла?",
    "hand_to_human stops the run without running it, after the actions before it in the same "
    "reply; max_steps steps without an answer end with the step-limit line; an answer still "
    "ends the run on its end: line.":
        "hand_to_human спира пускането, без да се изпълни, след действията преди него в същия "
        "отговор; max_steps стъпки без отговор свършват с реда за лимита на стъпките; "
        "отговорът пак слага край на пускането с реда си end:.",
    "Read it off the transcript: exit, ended_on, answer (None unless the model answered) and "
    "the ids of the pending return requests.":
        "Прочети го от протокола: exit, ended_on, answer (None, освен ако моделът е отговорил) "
        "и номерата на чакащите заявки за връщане.",
    "Branch on transcript.exit. Say the exit's words (answered, step limit, asked, guard, cut "
    "off) and the step; unless the customer was answered, say an employee must take over and "
    "quote transcript.reason; name every id in transcript.pending; never mention money.":
        "Разклони по transcript.exit. Кажи думите на изхода (answered, step limit, asked, guard, "
        "cut off) и стъпката; освен ако клиентът е получил отговор, кажи, че служител трябва "
        "да поеме (take over), и цитирай transcript.reason; назови всеки номер от "
        "transcript.pending; никога не споменавай пари. Бележката се пише на английски: "
        "проверката чете английските ѝ думи.",
    # hint steps (agentloop.checks.ch3.HINTS)
    "An action is its tool and its input together; plans and token counts do not matter.":
        "Действието е неговият инструмент и неговият вход заедно; плановете и броят на "
        "токените нямат значение.",
    "Compare the last step's action with every earlier step, however far back — not only the "
    "step before.":
        "Сравни действието на последната стъпка с всяка по-ранна стъпка, колкото и назад — не "
        "само с предишната.",
    "A first step has nothing to repeat. Try your guard on three steps whose first and last "
    "ask for the same thing, with another action between them.":
        "Първата стъпка няма какво да повтори. Пробвай предпазителя си на три стъпки, чиито "
        "първа и последна искат едно и също, с друго действие между тях.",
    "In a run the guard is asked before each action runs: the first action asked for a second "
    "time must not run.":
        "В пускането предпазителят бива питан, преди да се изпълни всяко действие: първото "
        "действие, поискано втори път, не бива да се изпълни.",
    "A run that never repeats goes on to its own end: an answer, a hand-over or the step "
    "limit.":
        "Пускане, което не повтаря нищо, стига до собствения си край: отговор, предаване на "
        "човек или лимита на стъпките.",
    "Run your guard in `run_agent` on the alternating model above and look at the step the run "
    "stops on.":
        "Пусни предпазителя си в `run_agent` на модела на смени отгоре и виж на коя стъпка "
        "спира пускането.",
    "The office's bill is what was sent and what the model wrote back.":
        "Сметката на бюрото е пратеното плюс написаното от модела в отговор.",
    "Add up `tokens` and `reply_tokens` of every step so far, not only of the last one.":
        "Събери `tokens` и `reply_tokens` на всички стъпки досега, не само на последната.",
    "Passing the budget means going over it: a bill exactly on the budget is still within. "
    "Compare your sums with the chapter's worked figures for the courier task.":
        "Да надминеш бюджета значи да минеш над него: сметка точно колкото бюджета още е в "
        "рамките му. Сравни сборовете си с изчислените в главата числа за задачата за куриера.",
    "Run the support agent with your own `token_budget(budget)` as its guard, then read how the "
    "run ended from its transcript.":
        "Пусни агента на поддръжката със собствения си `token_budget(budget)` като предпазител, "
        "после прочети от протокола как е свършило пускането.",
    "Only the guard's exit means that the budget stopped the run, and it stopped on the run's "
    "last step; an answer or a hand-over is not an action, so no guard is asked.":
        "Само изходът на предпазителя значи, че бюджетът е спрял пускането, и то е спряло на "
        "последната си стъпка; отговорът или предаването на човек не са действие, затова не се "
        "пита никой предпазител.",
    "Compare your results with the chapter's worked figures: the courier task at 300 and at "
    "225, the return of 1187 at 300.":
        "Сравни резултатите си с изчислените в главата числа: задачата за куриера при 300 и при "
        "225, връщането на 1187 при 300.",
    "After the `end:` line the run is over: nothing may follow it, not even the step-limit "
    "line.":
        "След реда `end:` пускането е свършило: след него не може да следва нищо, дори редът за "
        "лимита на стъпките.",
    "The compact loop has two loops, one over steps and one over a reply's actions: which one "
    "does the line after an answer leave?":
        "Сбитият цикъл има два цикъла, един по стъпките и един по действията на отговора: кой от "
        "тях напуска редът след отговор?",
    "`break` leaves only the innermost loop; `return` leaves the function.":
        "`break` напуска само най-вътрешния цикъл; `return` напуска функцията.",
    "Every exit keeps its own line: an answer its `end:` line, a hand-over the model's reason, "
    "the step limit its line after max_steps steps.":
        "Всеки изход си има свой ред: отговорът — реда `end:`, предаването на човек — причината "
        "на модела, лимитът на стъпките — своя ред след max_steps стъпки.",
    "`hand_to_human` is not run: the actions before it in the same reply are, then the "
    "hand-over ends the run.":
        "`hand_to_human` не се изпълнява: действията преди него в същия отговор се изпълняват, "
        "после предаването на човек слага край на пускането.",
    "Your fix is one line of the buggy function. Compare your lines with `run_agent(model, "
    "task, max_steps).lines()` on the ✘ case.":
        "Поправката ти е един ред от сбърканата функция. Сравни редовете си с "
        "`run_agent(model, task, max_steps).lines()` на случая с ✘.",
    "Everything is in the transcript `run_agent` returns: how the run ended, on which step, "
    "the model's answer, the requests it opened.":
        "Всичко е в протокола, който връща `run_agent`: как е свършило пускането, на коя "
        "стъпка, отговорът на модела, заявките, които е отворило.",
    "The exit is one of `EXITS`, read off the transcript, never guessed from the task.":
        "Изходът е един от `EXITS`, прочетен от протокола, никога отгатнат от задачата.",
    "Print the transcript of the ✘ task with its `max_steps` and read each field off it.":
        "Отпечатай протокола на задачата с ✘ с нейния `max_steps` и прочети всяко поле от него.",
    "Report what happened, nothing nicer: the answer is the model's text only when the run "
    "ended with an answer.":
        "Докладвай какво е станало, нищо по-хубаво: отговорът е текстът на модела само когато "
        "пускането е свършило с отговор.",
    "Every other exit has no answer at all: `None`, not an empty text.":
        "Всеки друг изход изобщо няма отговор: `None`, не празен текст.",
    "The requests are the ids of what the run opened, whether or not the run was cut short: "
    "print `transcript.pending` for the ✘ task.":
        "Заявките са номерата на отвореното от пускането, независимо дали то е било прекъснато: "
        "отпечатай `transcript.pending` за задачата с ✘.",
    "The note branches on `transcript.exit`: each exit has its words in the chapter's table, "
    "and the step.":
        "Бележката се разклонява по `transcript.exit`: всеки изход има своите думи в таблицата "
        "на главата, плюс стъпката.",
    "Unless the customer was answered, an employee must take over, and the note quotes "
    "`transcript.reason`.":
        "Освен ако клиентът е получил отговор, служител трябва да поеме, а бележката цитира "
        "`transcript.reason`.",
    "Never use another exit's word, not even negated (no 'not answered', no 'no guard'). Check "
    "your note for the ✘ exit against its row of the table.":
        "Никога не използвай думата на друг изход, дори с отрицание (никакво 'not answered', "
        "никакво 'no guard'). Сравни бележката си за изхода с ✘ с неговия ред от таблицата.",
    "The note names the return requests waiting for approval, and no other.":
        "Бележката назовава заявките за връщане, които чакат одобрение, и никои други.",
    "No word about money at all, not even 'no refund': the agent cannot move money.":
        "Нито дума за пари, дори 'no refund': агентът не може да мести пари.",
    "Print `transcript.pending` for the ✘ run and compare it with the ids your note names.":
        "Отпечатай `transcript.pending` за пускането с ✘ и го сравни с номерата, които назовава "
        "бележката ти.",
    # why an answer is wrong
    "this action may run: return None (your guard gave a reason)":
        "това действие може да се изпълни: върни None (предпазителят ти даде причина)",
    "this action must be stopped: return a reason (a non-empty str), got None":
        "това действие трябва да бъде спряно: върни причина (непразен str), а е None",
    "a guard returns None or a reason (a non-empty str); it returned {returned}":
        "предпазителят връща None или причина (непразен str); той върна {returned}",
    "expected a run summary, got {output}": "очакваше се обобщение на пускането, а е {output}",
    "the run ended with {output}; expected {expected}":
        "пускането свърши с {output}; очакваше се {expected}",
    "the run ended on step {output}; expected {expected}":
        "пускането свърши на стъпка {output}; очакваше се {expected}",
    "the actions run were {output}; expected {expected}":
        "изпълнените действия бяха {output}; очакваше се {expected}",
    "answer with a step number (an int) or None, got {output}":
        "отговори с номер на стъпка (int) или None, а е {output}",
    "the budget stops nothing on this run: expected None, got {output}":
        "в това пускане бюджетът не спира нищо: очакваше се None, а е {output}",
    "the budget stops this run on step {expected}, not {output}":
        "бюджетът спира това пускане на стъпка {expected}, а не {output}",
    "expected a list of log lines, got {output}":
        "очакваше се списък от редове на лога, а е {output}",
    "line {number} is {got}; expected {want}": "ред {number} е {got}; очакваше се {want}",
    "the log has {count} lines; expected {expected} (the last should be {last})":
        "логът има {count} реда; очакваха се {expected} (последният трябва да е {last})",
    "return a dict with the keys {keys}; got {output}":
        "върни речник с ключовете {keys}; а е {output}",
    "{key} is {output}; the run says {expected}": "{key} е {output}; пускането казва {expected}",
    "keep the note under 300 characters": "дръж бележката под 300 знака",
    "this run's exit is {exit}, but the note says {words}":
        "изходът на това пускане е {exit}, а бележката казва {words}",
    "the customer was answered: nobody must take over, but the note says {words}":
        "клиентът е получил отговор: никой не трябва да поема, а бележката казва {words}",
    "this run's exit is {exit}: the note must say {words}":
        "изходът на това пускане е {exit}: бележката трябва да казва {words}",
    "say which step the run ended on (step {step})":
        "кажи на коя стъпка е свършило пускането (step {step})",
    "the customer has no answer: say that an employee must take over":
        "клиентът няма отговор: кажи, че служител трябва да поеме (take over)",
    "quote the run's reason: {reason}": "цитирай причината на пускането: {reason}",
    "name every return request waiting for approval; missing {requests}":
        "назови всяка заявка за връщане, която чака одобрение; липсва {requests}",
    "the run opened no request {requests}": "пускането не е отворило заявка {requests}",
    "the agent moves no money; leave it out of the note (it says {words})":
        "агентът не мести пари; махни ги от бележката (тя казва {words})",
    # --- chapter 4's checks (agentloop.checks.ch4, agentloop_grader.answers.ch4) ---
    "the hook blocks rm when it is both recursive and forced, and nothing else":
        "хукът блокира rm, когато е и рекурсивно, и принудително, и нищо друго",
    "the hook reads whole command lines: every part of a chain, never quoted text":
        "хукът чете цели командни редове: всяка част от веригата, никога текст в кавички",
    "the subscriber counts steps, tool calls, blocked calls and failed calls":
        "абонатът брои стъпките, извикванията на инструменти, блокираните и пропадналите "
        "извиквания",
    "the subscriber gives each step its own figures":
        "абонатът дава на всяка стъпка собствените ѝ числа",
    "extend the turns (twice at most) and resume until the session completes":
        "разширявай ходовете (най-много два пъти) и продължавай, докато сесията завърши",
    "extend whichever limit ran out, each at most twice; then close":
        "разширявай лимита, който е свършил, всеки най-много два пъти; после затвори",
    "your table names every pair and says which moves the batch harness allows (self-check)":
        "таблицата ти назовава всяка двойка и казва кои преходи позволява пакетният харнес "
        "(самопроверка)",
    "the test passes the real batch harness and fails one that allows a forbidden move":
        "тестът минава за истинския пакетен харнес и пропада за такъв, който позволява забранен "
        "преход",
    "the test fails a harness that forbids a move the batch harness allows":
        "тестът пропада за харнес, който забранява преход, позволен от пакетния харнес",
    # the rules a case tests
    "rm with -r and -f in one word, in any order (-rf, -fr, -Rf, -rfv) → blocked":
        "rm с -r и -f в една дума, в какъвто и да е ред (-rf, -fr, -Rf, -rfv) → блокирано",
    "rm with the flags apart (-r -f) or spelled out (--recursive --force) → blocked":
        "rm с отделни флагове (-r -f) или изписани (--recursive --force) → блокирано",
    "sudo rm … is rm → blocked": "sudo rm … е rm → блокирано",
    "rm with only one of the two flags, or neither → passes unchanged":
        "rm само с единия от двата флага или без тях → минава непроменено",
    "another command with the same flags (grep -rf, cp -rf, git rm -r) → passes unchanged":
        "друга команда със същите флагове (grep -rf, cp -rf, git rm -r) → минава непроменено",
    "another tool, or a shell call without a command → passes unchanged":
        "друг инструмент или извикване на обвивката без команда → минава непроменено",
    "a dangerous rm in any part of a chain (; && || | &) → blocked":
        "опасно rm в която и да е част от веригата (; && || | &) → блокирано",
    "rm -rf inside quoted text is not a command → passes unchanged":
        "rm -rf в текст в кавички не е команда → минава непроменено",
    "a chain of safe commands → passes unchanged":
        "верига от безопасни команди → минава непроменено",
    "a step skipped from after_step ends without starting: its figures are 0":
        "стъпка, прескочена от after_step, свършва, без да е започнала: числата ѝ са 0",
    "a result an after_tool_call hook refused was handed out (it has a call_id): failed, not "
    "blocked":
        "резултат, отказан от хук на after_tool_call, е бил подаден навън (има call_id): "
        "пропаднало, не блокирано",
    "a call a before_tool_call hook refused was never handed out (call_id None): blocked, for "
    "its step":
        "извикване, отказано от хук на before_tool_call, никога не е подадено навън (call_id "
        "None): блокирано, за своята стъпка",
    "after a replan the steps go on counting, one entry per step.end":
        "след нов план стъпките продължават да се броят, по един запис за всяко step.end",
    "pauses in the middle change no count": "паузите по средата не променят никоя бройка",
    "an error result is a tool.call and a failed tool.error of the same step":
        "резултат с грешка е tool.call и пропаднал tool.error на една и съща стъпка",
    "tool calls counted per step; a step without a tool has 0":
        "извикванията на инструменти се броят за всяка стъпка; стъпка без инструмент има 0",
    "a budget that is never reached: no extension at all":
        "бюджет, който никога не се достига: никакво разширяване",
    "turns run out: extend turns by 1 each time, up to twice":
        "ходовете свършват: разширявай turns с 1 всеки път, до два пъти",
    "tool calls run out: extend tool_calls by 1 each time, up to twice":
        "извикванията на инструменти свършват: разширявай tool_calls с 1 всеки път, до два пъти",
    "seconds run out: extend seconds by 10 each time, up to twice":
        "секундите свършват: разширявай seconds с 10 всеки път, до два пъти",
    "several limits run out: each may be extended twice, counted on its own":
        "свършват няколко лимита: всеки може да се разшири два пъти, броено поотделно",
    "a limit runs out a third time: close the session instead of extending it":
        "лимит свършва за трети път: затвори сесията, вместо да го разширяваш",
    "the moves out of {name}": "преходите от {name}",
    "the real batch harness passes: every row checked, and the count returned":
        "истинският пакетен харнес минава: всеки ред е проверен и броят е върнат",
    "a harness that allows a move the batch harness forbids fails the test":
        "харнес, който позволява преход, забранен от пакетния харнес, пропада на теста",
    "a harness that forbids a move the batch harness allows fails the test":
        "харнес, който забранява преход, позволен от пакетния харнес, пропада на теста",
    # the cases a learner sees
    "a shell call without a command": "извикване на обвивката без команда",
    "the demo session": "демонстрационната сесия",
    "the demo with a shell whose rm fails, no replans":
        "демото с обвивка, чието rm пропада, без нови планове",
    "the demo with budget pauses along the way": "демото с паузи заради бюджета по пътя",
    "the demo with a shell whose rm fails, one replan":
        "демото с обвивка, чието rm пропада, един нов план",
    "the demo with every rm refused by a before_tool_call hook, one replan":
        "демото, в което всяко rm е отказано от хук на before_tool_call, един нов план",
    "the demo where an after_tool_call hook refuses the du result":
        "демото, в което хук на after_tool_call отказва резултата от du",
    "the demo where after_step skips the step after the first":
        "демото, в което after_step прескача стъпката след първата",
    "max_turns=2: one pause before the last step":
        "max_turns=2: една пауза преди последната стъпка",
    "max_turns=1: two pauses, two extensions": "max_turns=1: две паузи, две разширявания",
    "max_turns=0: turns run out a third time → close":
        "max_turns=0: ходовете свършват за трети път → затваряне",
    "a budget that is never reached": "бюджет, който никога не се достига",
    "max_tool_calls=0: two pauses for tool calls":
        "max_tool_calls=0: две паузи заради извиквания на инструменти",
    "max_seconds=5, one simulated second a move":
        "max_seconds=5, по една симулирана секунда на преход",
    "max_turns=1: turns run out twice": "max_turns=1: ходовете свършват два пъти",
    "all three limits tight: two extensions of each":
        "и трите лимита тесни: по две разширявания на всеки",
    "max_seconds=5 on a clock of 3 s a move: seconds run out a third time":
        "max_seconds=5 при часовник от 3 s на преход: секундите свършват за трети път",
    "no turns and no tool calls: turns run out a third time":
        "без ходове и без извиквания на инструменти: ходовете свършват за трети път",
    "rows from {name}": "редовете от {name}",
    "the real batch harness alone": "само истинският пакетен харнес",
    "three harnesses: one allows EXECUTING -> IDLE (a pause in the middle of a step), one DONE "
    "-> IDLE, then the real one":
        "три харнеса: един позволява EXECUTING -> IDLE (пауза по средата на стъпка), един "
        "DONE -> IDLE, после истинският",
    "three harnesses: one forbids IDLE -> REFLECTING (the resume), the real one, one forbids "
    "AWAITING_TOOL -> REFLECTING":
        "три харнеса: един забранява IDLE -> REFLECTING (продължаването), истинският, един "
        "забранява AWAITING_TOOL -> REFLECTING",
    # labels that are commands: code, the same in every language
    "rm -rf build/cache": "rm -rf build/cache",
    "rm -fr /": "rm -fr /",
    "rm -r -f /tmp/x": "rm -r -f /tmp/x",
    "rm --recursive --force dist": "rm --recursive --force dist",
    "sudo rm -Rf ~": "sudo rm -Rf ~",
    "rm notes.txt": "rm notes.txt",
    "rm -r empty_dir": "rm -r empty_dir",
    "grep -rf patterns.txt src": "grep -rf patterns.txt src",
    "ls && rm -Rf dist": "ls && rm -Rf dist",
    "rm -r -f build; echo done": "rm -r -f build; echo done",
    "echo 'rm -rf /'": "echo 'rm -rf /'",
    "du -sh build/cache | sort -h": "du -sh build/cache | sort -h",
    "read_file(notes.txt)": "read_file(notes.txt)",
    # the cases only the grader adds
    "generated call {number}": "генерирано извикване {number}",
    "generated command {number}": "генерирана команда {number}",
    "generated session {number}": "генерирана сесия {number}",
    "generated turn limit {number}": "генериран лимит на ходовете {number}",
    "generated limits {number}": "генерирани лимити {number}",
    "generated harnesses {number}": "генерирани харнеси {number}",
    # hints
    "Split the command at ; && || | and &, drop a leading sudo, and look for rm with both a "
    "recursive flag (-r, -R, --recursive) and a force flag (-f, --force), in any order or "
    "combination. Raise to block; return None to let a call through.":
        "Раздели командата при ; && || | и &, махни началното sudo и търси rm и с флаг за "
        "рекурсия (-r, -R, --recursive), и с флаг за принуда (-f, --force), в какъвто и да е "
        "ред и съчетание. Хвърли изключение, за да блокираш; върни None, за да пуснеш "
        "извикването.",
    "Count tool.call events, and split the tool.error events: no call_id (None) means the call "
    "was blocked before it was handed out; a call_id means it was handed out and failed. A "
    "step's figures are the ones seen since the last step.start or step.end, and step.end "
    "closes the step.":
        "Брой събитията tool.call и раздели събитията tool.error: без call_id (None) значи, че "
        "извикването е блокирано, преди да бъде подадено навън; с call_id — че е подадено и е "
        "пропаднало. Числата на стъпката са видените от последното step.start или step.end "
        "насам, а step.end затваря стъпката.",
    "Loop until stop.kind == 'done': answer a tool_call with "
    "harness.resume(harness.call_tool(stop.request)); on a pause read stop.pause['limit']; if "
    "that limit was extended twice already, return harness.close(...); otherwise extend that "
    "limit only (turns or tool_calls by 1, seconds by 10), count it, and call "
    "harness.resume().":
        "Върти, докато stop.kind == 'done': на tool_call отговаряй с "
        "harness.resume(harness.call_tool(stop.request)); при пауза прочети "
        "stop.pause['limit']; ако този лимит вече е разширяван два пъти, върни "
        "harness.close(...); иначе разшири само него (turns или tool_calls с 1, seconds с 10), "
        "преброй го и извикай harness.resume().",
    "One row per ordered pair of states (36 rows, self-loops included); legal is True only for "
    "the twelve moves of Figure 2, the batch harness's (this chapter's own table, TRANSITIONS, "
    "pauses in every active state: the batch harness does not).":
        "По един ред за всяка наредена двойка състояния (36 реда, включително от състояние към "
        "самото него); legal е True само за дванадесетте прехода от фигура 2, тези на пакетния "
        "харнес (собствената таблица на главата, TRANSITIONS, позволява пауза във всяко активно "
        "състояние, а пакетният харнес — не).",
    "For each row, call validate(source, target); it raises IllegalTransition when the move is "
    "illegal. assert that what happened matches the row, and return the number of rows.":
        "За всеки ред извикай validate(source, target); тя вдига IllegalTransition, когато "
        "преходът е незаконен. С assert провери, че случилото се съвпада с реда, и върни броя "
        "на редовете.",
    # hint steps (agentloop.checks.ch4.HINTS)
    "A dangerous call is `rm`, perhaps after `sudo`, with both a recursive and a force flag, in "
    "any spelling and any order.":
        "Опасно е извикване на `rm`, евентуално след `sudo`, и с флаг за рекурсия, и с флаг за "
        "принуда, изписани по какъвто и да е начин и в какъвто и да е ред.",
    "Flags may be joined (`-rf`, `-fr`, `-Rfv`) or apart (`-r -f`, `--recursive --force`): "
    "look at every flag word, and at each letter of a short one.":
        "Флаговете може да са слети (`-rf`, `-fr`, `-Rfv`) или отделни (`-r -f`, "
        "`--recursive --force`): гледай всяка дума-флаг и всяка буква на краткия флаг.",
    "Only a part whose first word is `rm` runs rm: `grep -rf` and `git rm -r` pass. Block by "
    "raising; return `None` for everything else.":
        "Само част, чиято първа дума е `rm`, изпълнява rm: `grep -rf` и `git rm -r` минават. "
        "Блокирай, като хвърлиш изключение; за всичко друго върни `None`.",
    "A command can have several parts joined by `;`, `&&`, `||`, `|` or `&`, and any part can "
    "be the dangerous one.":
        "Командата може да има няколко части, свързани с `;`, `&&`, `||`, `|` или `&`, и всяка "
        "част може да е опасната.",
    "Text in quotes is one word, not a command: split with `shlex`, as the exercise shows, not "
    "with `str.split`.":
        "Текстът в кавички е една дума, не команда: разделяй с `shlex`, както показва "
        "упражнението, а не със `str.split`.",
    "Print the words and separators `shlex` gives you for the ✘ command, and mark where each "
    "part starts.":
        "Отпечатай думите и разделителите, които `shlex` ти дава за командата с ✘, и отбележи "
        "откъде започва всяка част.",
    "Count from the events alone: `tool.call` for the calls; a `tool.error` is either a "
    "blocked call or a failed one.":
        "Брой само по събитията: `tool.call` за извикванията; `tool.error` е или блокирано, "
        "или пропаднало извикване.",
    "A blocked call has no call id (`call_id` is `None`) and no `tool.call`; a failed one has "
    "both.":
        "Блокираното извикване няма номер (`call_id` е `None`) и няма `tool.call`; пропадналото "
        "има и двете.",
    "Subscribe your instance to one of the chapter's sessions and print each event it receives "
    "next to your counts.":
        "Абонирай екземпляра си за една от сесиите на главата и отпечатвай всяко получено "
        "събитие до бройките си.",
    "`per_step` has one entry for each `step.end`, in order, with the name and status from that "
    "event.":
        "`per_step` има по един запис за всяко `step.end`, по ред, с името и статуса от това "
        "събитие.",
    "A step's counts are those seen since the last `step.start` or `step.end`.":
        "Бройките на стъпката са видените от последното `step.start` или `step.end` насам.",
    "A step skipped from `after_step` ends without starting. Print the event types of the ✘ "
    "session in order and mark where each step begins and ends.":
        "Стъпка, прескочена от `after_step`, свършва, без да е започнала. Отпечатай видовете "
        "събития на сесията с ✘ по ред и отбележи къде започва и свършва всяка стъпка.",
    "Loop until the session is done: a tool call is answered, a pause names the limit that ran "
    "out.":
        "Върти, докато сесията свърши: на извикване на инструмент се отговаря, паузата назовава "
        "лимита, който е свършил.",
    "Extend only the limit that ran out, then resume; count the extensions of each limit on "
    "its own.":
        "Разширявай само свършилия лимит, после продължавай; брой разширяванията на всеки лимит "
        "поотделно.",
    "A limit may be extended twice; the third time, the session is closed. Print `stop.kind` "
    "and `stop.pause` at each turn of your loop.":
        "Лимитът може да се разшири два пъти; на третия път сесията се затваря. Отпечатвай "
        "`stop.kind` и `stop.pause` на всяка обиколка на цикъла си.",
    "Any of the three limits can run out: `stop.pause['limit']` says which.":
        "Всеки от трите лимита може да свърши: `stop.pause['limit']` казва кой.",
    "Each limit has its own count and its own step: turns and tool calls by 1, seconds by 10.":
        "Всеки лимит има своя бройка и своя стъпка: ходовете и извикванията на инструменти с 1, "
        "секундите с 10.",
    "Two more turns and two more tool calls are allowed in one session. Print which limit each "
    "pause names, and your counts after it.":
        "В една сесия са позволени още два хода и още две извиквания на инструменти. Отпечатвай "
        "кой лимит назовава всяка пауза и бройките си след нея.",
    "One row for every ordered pair of the six states: 36 rows, a state to itself included.":
        "По един ред за всяка наредена двойка от шестте състояния: 36 реда, включително от "
        "състояние към самото него.",
    "`legal` comes from Figure 2, the batch harness's, not from this chapter's `TRANSITIONS`.":
        "`legal` идва от фигура 2, тази на пакетния харнес, а не от `TRANSITIONS` на тази глава.",
    "The batch harness pauses in one state only and always resumes to it: look at your rows "
    "into and out of IDLE.":
        "Пакетният харнес минава в пауза само в едно състояние и винаги продължава към него: "
        "погледни редовете си към и от IDLE.",
    "The expectations are your rows: for each one, ask `validate` about its source and target, "
    "and compare what happened with its `legal`.":
        "Очакванията са твоите редове: за всеки питай `validate` за неговите source и target и "
        "сравни случилото се с неговото `legal`.",
    "A legal move returns quietly; an illegal one raises `IllegalTransition`. Catch it, then "
    "`assert` that what happened matches the row.":
        "Законният преход се връща тихо; незаконният вдига `IllegalTransition`. Улови го, после "
        "с `assert` провери, че случилото се съвпада с реда.",
    "Try your test on a `validate` that allows every move: it must fail with an "
    "`AssertionError`.":
        "Пробвай теста си на `validate`, която позволява всеки преход: той трябва да пропадне с "
        "`AssertionError`.",
    "A harness that refuses a legal move raises `IllegalTransition` where your row says the "
    "move is allowed: your test must notice it.":
        "Харнес, който отказва законен преход, вдига `IllegalTransition` там, където редът ти "
        "казва, че преходът е позволен: тестът ти трябва да го забележи.",
    "Try your test on a `validate` that refuses every move: it must fail with an "
    "`AssertionError`, not with `IllegalTransition`.":
        "Пробвай теста си на `validate`, която отказва всеки преход: той трябва да пропадне с "
        "`AssertionError`, а не с `IllegalTransition`.",
    # why an answer is wrong
    "the hook is not written yet (it raises NotImplementedError)":
        "хукът още не е написан (вдига NotImplementedError)",
    "the hook {hook}; a hook blocks by raising an exception (returning False, SKIP or a "
    "message does not block the call)":
        "хукът {hook}; хукът блокира, като хвърли изключение (да върне False, SKIP или "
        "съобщение не блокира извикването)",
    "the command reached the tool: raise an exception to block it":
        "командата стигна до инструмента: хвърли изключение, за да я блокираш",
    "a safe call was blocked (the hook raised)":
        "безопасно извикване беше блокирано (хукът хвърли изключение)",
    "the hook {hook} for a safe call; to let a call through, return None":
        "хукът {hook} при безопасно извикване; за да пуснеш извикването, върни None",
    "a safe call did not reach the tool": "безопасно извикване не стигна до инструмента",
    "the tool received {args}; a guard lets safe calls through unchanged":
        "инструментът получи {args}; предпазителят пуска безопасните извиквания непроменени",
    "figures() must return a dict with {key}": "figures() трябва да връща речник с {key}",
    "{key}: expected {expected}, got {output}": "{key}: очакваше се {expected}, а е {output}",
    "figures() must return a dict with a 'per_step' list":
        "figures() трябва да връща речник със списък 'per_step'",
    "expected {expected} steps in per_step, got {count}":
        "очакваха се {expected} стъпки в per_step, а са {count}",
    "per_step[{number}]: expected {expected}, got {output}":
        "per_step[{number}]: очакваше се {expected}, а е {output}",
    "extension {number}: expected {expected}, got {output} (extend only the limit that ran "
    "out: turns or tool calls by 1, seconds by 10)":
        "разширяване {number}: очакваше се {expected}, а е {output} (разширявай само свършилия "
        "лимит: ходовете или извикванията на инструменти с 1, секундите с 10)",
    "extension {number} ({extension}): {limit} had been extended {times} times already; close the "
    "session instead":
        "разширяване {number} ({extension}): {limit} вече е разширяван {times} пъти; вместо това "
        "затвори сесията",
    "expected {expected} extension(s), got {count}":
        "очакваха се {expected} разширявания, а са {count}",
    "expected {expected} extension(s), got {count}: the next one is {extension} (a limit is "
    "extended up to {times} times, counted for each limit on its own)":
        "очакваха се {expected} разширявания, а са {count}: следващото е {extension} (лимитът се "
        "разширява до {times} пъти, броено за всеки лимит поотделно)",
    "the session was left in {state}, not DONE: keep going until stop.kind == 'done', or "
    "close it":
        "сесията е оставена в {state}, а не в DONE: продължавай, докато stop.kind == 'done', "
        "или я затвори",
    "the session ended {outcome}, expected {expected}":
        "сесията свърши с {outcome}, очакваше се {expected}",
    "return the final Stop (the one whose kind is 'done')":
        "върни последния Stop (онзи, чийто kind е 'done')",
    "the event log differs from the reference run: answer each tool call with "
    "harness.resume(harness.call_tool(stop.request))":
        "логът на събитията се различава от еталонното пускане: отговаряй на всяко извикване на "
        "инструмент с harness.resume(harness.call_tool(stop.request))",
    "the table must be a list of (source, target, legal) rows":
        "таблицата трябва да е списък от редове (source, target, legal)",
    "row ({source}, {target}, …) names a state that does not exist":
        "редът ({source}, {target}, …) назовава състояние, което не съществува",
    "row ({source}, {target}): legal must be True or False, got {legal}":
        "ред ({source}, {target}): legal трябва да е True или False, а е {legal}",
    "the pair {source} -> {target} appears twice":
        "двойката {source} -> {target} се среща два пъти",
    "no row for {source} -> {target}: the table covers all 36 pairs":
        "няма ред за {source} -> {target}: таблицата покрива всичките 36 двойки",
    "{source} -> {target} is legal": "{source} -> {target} е законен преход",
    "{source} -> {target} is illegal": "{source} -> {target} е незаконен преход",
    "every row is well formed and every pair is there, but the table does not allow exactly "
    "the moves of Figure 2 (which rows are wrong is not said: that would give them away)":
        "всеки ред е добре оформен и всяка двойка я има, но таблицата не позволява точно "
        "преходите от фигура 2 (кои редове са грешни, не се казва: това би ги издало)",
    "the test was not run on every harness": "тестът не е пуснат на всеки харнес",
    "the real harness (harness {number} of {total}) failed your test: a row of your table is "
    "wrong":
        "истинският харнес (харнес {number} от {total}) пропадна на теста ти: един ред от "
        "таблицата ти е грешен",
    "the real harness (harness {number} of {total}) made your test break ({result})":
        "истинският харнес (харнес {number} от {total}) счупи теста ти ({result})",
    "on the real harness run_table returned {rows}: it must check and count all {count} rows":
        "на истинския харнес run_table върна {rows}: тя трябва да провери и преброи всичките "
        "{count} реда",
    "a harness where {pair} is {now} (harness {number} of {total}) passed your test: the test "
    "must fail it with an AssertionError":
        "харнес, в който {pair} е {now} (харнес {number} от {total}), мина теста ти: тестът "
        "трябва да го провали с AssertionError",
    "a harness where {pair} is {now} (harness {number} of {total}) made it break ({result}): "
    "the test must fail it with an AssertionError":
        "харнес, в който {pair} е {now} (харнес {number} от {total}), счупи теста ({result}): "
        "тестът трябва да го провали с AssertionError",
    # --- chapter 5's checks (agentloop.checks.ch5, agentloop_grader.answers.ch5) ---
    "route_steps(): the actions of the one-match route, for a board and a page size":
        "route_steps(): действията на маршрута с едно съвпадение, за табло и размер на "
        "страницата",
    "office_policy(): the route and a retry fit, with the fewest card files a page":
        "office_policy(): маршрутът и един повторен опит се побират, с най-малко файлове с "
        "карти на страница",
    "office_policy(): the smallest and the longest boards":
        "office_policy(): най-малките и най-дългите табла",
    "count_blocked behind the controller: what its schema lets through":
        "count_blocked зад контролера: какво пропуска схемата му",
    "count_blocked called directly on generated boards":
        "count_blocked, извикан направо върху генерирани табла",
    "after_search(): continue, or ask — the office's rule":
        "after_search(): продължи или питай — правилото на бюрото",
    "after_search(): the question a person is asked":
        "after_search(): въпросът, който се задава на човека",
    "limit_report(): honest about what was not checked":
        "limit_report(): честен доклад за непровереното",
    "limit_report(): the counts of what was read and what was not, and no false claim":
        "limit_report(): бройките на прочетеното и непрочетеното, и никакво невярно твърдение",
    # the rules a case tests
    "a last page that is not full is still a page to read":
        "непълната последна страница пак е страница за четене",
    "card files that fill every page exactly make no extra page":
        "файлове с карти, които запълват всяка страница точно, не правят допълнителна страница",
    "a board that fits on one page: one read, then validate and draft":
        "табло, което се побира на една страница: едно четене, после проверка и справка",
    "an empty board is still one (empty) page to read":
        "празното табло пак е една (празна) страница за четене",
    "the route and one retry fit in five steps, with the fewest card files a page":
        "маршрутът и един повторен опит се побират в пет стъпки, с най-малко файлове с карти на "
        "страница",
    "a board so short that one card file a page fits: page_size 1 (a page holds one)":
        "табло, толкова кратко, че се побира по един файл с карта на страница: page_size 1 "
        "(страницата побира един)",
    "a board no page size fits: the largest page the workspace allows, so the run reads as "
    "much as it can before it stops at the limit":
        "табло, за което не пасва никой размер на страницата: най-голямата страница, която "
        "позволява работното пространство, за да прочете пускането колкото може повече, преди "
        "да спре на лимита",
    "a group of 1 to 32 characters runs: its blocked cards, their count, the unreadable files":
        "група от 1 до 32 знака се изпълнява: блокираните ѝ карти, броят им, нечетимите файлове",
    "a bad group (empty, longer than 32, not a text) is refused by the controller":
        "лоша група (празна, по-дълга от 32, не текст) се отказва от контролера",
    "the officer's tools keep working next to count_blocked":
        "инструментите на „Дежурния“ продължават да работят до count_blocked",
    "the group's blocked cards by id, sorted, and how many; a group word in a title does not "
    "count":
        "блокираните карти на групата по номер, подредени, и колко са; дума за група в "
        "заглавието не се брои",
    "the group is compared without regard to case":
        "групата се сравнява без значение главни или малки букви",
    "card files that cannot be read are listed, sorted (the count may be incomplete)":
        "файловете с карти, които не могат да се прочетат, се изброяват, подредени (броят може "
        "да е непълен)",
    "a group without blocked cards: ok, an empty list, count 0":
        "група без блокирани карти: ok, празен списък, count 0",
    "called directly with a bad group: an error observation, never an exception":
        "извикан направо с лоша група: наблюдение с грешка, никога изключение",
    "a board that cannot be read: an error observation, never an exception":
        "табло, което не може да се прочете: наблюдение с грешка, никога изключение",
    "pages still unread → continue, ask nothing yet":
        "още има непрочетени страници → continue, още нищо не питай",
    "one candidate, and every card file was read → continue":
        "един кандидат и всеки файл с карта е прочетен → continue",
    "one candidate, but a card file could not be read → needs_input (it might be the card)":
        "един кандидат, но един файл с карта не е могъл да се прочете → needs_input (той може да "
        "е картата)",
    "one match, but a card with a similar id is on the board → needs_input":
        "едно съвпадение, но на таблото има карта с подобен номер → needs_input",
    "an id that only starts like the match's (task-004, task-0040) is not similar → continue":
        "номер, който само започва като този на съвпадението (task-004, task-0040), не е "
        "подобен → continue",
    "several matches → needs_input": "няколко съвпадения → needs_input",
    "no match on the whole board → needs_input": "никакво съвпадение на цялото табло → needs_input",
    "the person chose the card the search found → continue, whatever else is on the board":
        "човекът е избрал картата, която търсенето е намерило → continue, каквото и друго да има "
        "на таблото",
    "several candidates: the question names each with its title and picks none":
        "няколко кандидата: въпросът назовава всеки със заглавието му и не избира нито един",
    "a similar id: the question names both cards with their titles":
        "подобен номер: въпросът назовава двете карти със заглавията им",
    "one card, but a card file went unread: the question names the card with its title and "
    "the file, and asks to confirm":
        "една карта, но един файл с карта е останал непрочетен: въпросът назовава картата със "
        "заглавието ѝ и файла и моли за потвърждение",
    "every card file that could not be read is named in the question: it might be the card":
        "всеки файл с карта, който не е могъл да се прочете, е назован във въпроса: той може да "
        "е картата",
    "no match: the question quotes the query and says no card matched":
        "никакво съвпадение: въпросът цитира заявката за търсене и казва, че няма съвпаднала "
        "карта",
    "says that not every card was checked; no success words, nothing found, no card":
        "казва, че не всяка карта е проверена; никакви думи за успех, нищо намерено, никаква "
        "карта",
    "names every card file on the pages read that could not be read":
        "назовава всеки файл с карта от прочетените страници, който не е могъл да се прочете",
    "states the card files read, of how many, and how many were not; the pages read, of how "
    "many; no other number, and no false claim":
        "казва прочетените файлове с карти, от колко, и колко не са прочетени; прочетените "
        "страници, от колко; никакво друго число и никакво невярно твърдение",
    "a read that failed read no page: the pages read are fewer than the steps":
        "пропаднало четене не е прочело страница: прочетените страници са по-малко от стъпките",
    # the cases a learner sees
    "16 card files, 5 a page": "16 файла с карти, по 5 на страница",
    "101 card files, 50 a page": "101 файла с карти, по 50 на страница",
    "14 card files, 2 a page": "14 файла с карти, по 2 на страница",
    "15 card files, 5 a page": "15 файла с карти, по 5 на страница",
    "100 card files, 50 a page": "100 файла с карти, по 50 на страница",
    "3 card files, 5 a page": "3 файла с карти, по 5 на страница",
    "14 card files, 5 a page (the example board)":
        "14 файла с карти, по 5 на страница (примерното табло)",
    "1 card file, 1 a page": "1 файл с карта, по 1 на страница",
    "an empty board, 5 a page": "празно табло, по 5 на страница",
    "14 card files (as many as the example board)":
        "14 файла с карти (колкото примерното табло)",
    "10 card files": "10 файла с карти",
    "5 card files": "5 файла с карти",
    "99 card files": "99 файла с карти",
    "100 card files": "100 файла с карти",
    "101 card files": "101 файла с карти",
    "150 card files": "150 файла с карти",
    "400 card files": "400 файла с карти",
    "an empty board": "празно табло",
    "1 card file": "1 файл с карта",
    "count_blocked('lab') on the example board": "count_blocked('lab') върху примерното табло",
    "count_blocked('LAB'): the group ignores case":
        "count_blocked('LAB'): групата не гледа главни и малки букви",
    "a group of 32 characters runs (no such group)":
        "група от 32 знака се изпълнява (такава група няма)",
    "an empty group → refused (bad_argument)": "празна група → отказано (bad_argument)",
    "a group of 33 characters → refused": "група от 33 знака → отказано",
    "group 3, not a text → refused (bad_argument)": "група 3, не текст → отказано (bad_argument)",
    "no group → refused (missing_argument)": "без group → отказано (missing_argument)",
    "an extra status → refused (extra_argument)": "излишен status → отказано (extra_argument)",
    "read_task_cards still runs next to it": "read_task_cards още се изпълнява до него",
    "'lab' on the example board": "'lab' върху примерното табло",
    "'admin' on the example board": "'admin' върху примерното табло",
    "'Lab' is the same group as 'lab'": "'Lab' е същата група като 'lab'",
    "'design': no blocked card": "'design': никаква блокирана карта",
    "'kitchen': no card at all": "'kitchen': изобщо никаква карта",
    "the example board's task-012.md cannot be read":
        "task-012.md на примерното табло не може да се прочете",
    "group 42 → an error observation": "група 42 → наблюдение с грешка",
    "an empty group → an error observation": "празна група → наблюдение с грешка",
    "a group of 40 characters → an error observation": "група от 40 знака → наблюдение с грешка",
    "a board folder that is not there → an error observation":
        "папка на табло, която я няма → наблюдение с грешка",
    "'equipment': task-003 and task-003-copy": "'equipment': task-003 и task-003-copy",
    "'lab': five cards of the lab group": "'lab': пет карти от групата lab",
    "'task-003' on the fixed board: task-003-copy is there too":
        "'task-003' върху поправеното табло: там е и task-003-copy",
    "'task-003-copy' on the fixed board: task-003 is there too":
        "'task-003-copy' върху поправеното табло: там е и task-003",
    "'posters' on the fixed board: task-004 alone":
        "'posters' върху поправеното табло: само task-004",
    "'posters' on the office board: task-004 alone, task-012.md unread":
        "'posters' върху таблото на бюрото: само task-004, task-012.md е непрочетен",
    "'task-004' with task-0040 on the board": "'task-004' с task-0040 на таблото",
    "'catering': nothing on the whole board": "'catering': нищо на цялото табло",
    "'equipment' after page 1 of 3": "'equipment' след страница 1 от 3",
    "'task-003', the card Anya chose: task-003-copy and task-012.md are still there":
        "'task-003', картата, която Аня избра: task-003-copy и task-012.md още са там",
    "'equipment' on the fixed board: two cards": "'equipment' върху поправеното табло: две карти",
    "'lab' on the fixed board: five cards": "'lab' върху поправеното табло: пет карти",
    "'task-003' and its similar task-003-copy": "'task-003' и подобната ѝ task-003-copy",
    "'posters' on the office board: task-004, and task-012.md unread":
        "'posters' върху таблото на бюрото: task-004, а task-012.md е непрочетен",
    "'equipment' on the office board: two cards, and task-012.md unread":
        "'equipment' върху таблото на бюрото: две карти, а task-012.md е непрочетен",
    "'catering' on the fixed board: nothing matched":
        "'catering' върху поправеното табло: нищо не е съвпаднало",
    "'catering' on the office board: nothing matched that could be read":
        "'catering' върху таблото на бюрото: нищо четимо не е съвпаднало",
    "the limit route: 2 card files a page, 5 steps":
        "маршрутът limit: по 2 файла с карти на страница, 5 стъпки",
    "the limit2 route: 5 a page, 2 steps": "маршрутът limit2: по 5 на страница, 2 стъпки",
    "13 a page, 1 step: task-012.md was on the page read":
        "по 13 на страница, 1 стъпка: task-012.md беше на прочетената страница",
    "3 a page, 4 steps: the first read failed and was retried":
        "по 3 на страница, 4 стъпки: първото четене пропадна и беше повторено",
    "the last_step_failure route: the fifth read failed, no step left for the retry":
        "маршрутът last_step_failure: петото четене пропадна, не остава стъпка за повторния опит",
    # the cases only the grader adds
    "generated board of {count} card files": "генерирано табло от {count} файла с карти",
    "generated long board {number}": "генерирано дълго табло {number}",
    "generated board {number}": "генерирано табло {number}",
    # hints
    "Count the reads first: how many pages does the board make (a last page that is not full "
    "is read all the same, and even an empty board is one page)? Then add the actions that "
    "come after the search.":
        "Първо преброй четенията: колко страници прави таблото (непълната последна страница "
        "също се чете, а дори празното табло е една страница)? После добави действията, които "
        "идват след търсенето.",
    "Count the one-match route's actions for a page size: every page, validate, draft, and the "
    "check's board fails its first read once. Which page size is the smallest that still fits "
    "in max_steps? (1 to 50 card files a page.)":
        "Преброй действията на маршрута с едно съвпадение за даден размер на страницата: всяка "
        "страница, проверка, справка, а таблото на проверката проваля първото си четене веднъж. "
        "Кой е най-малкият размер на страницата, който още се побира в max_steps? (от 1 до 50 "
        "файла с карти на страница.)",
    "A page holds at least 1 card file and at most 50 (the workspace refuses others); when "
    "even the largest page does not fit, the run should still read as much as it can before "
    "the limit stops it.":
        "Страницата побира поне 1 и най-много 50 файла с карти (работното пространство отказва "
        "други); когато дори най-голямата страница не се побира, пускането пак трябва да прочете "
        "колкото може повече, преди лимитът да го спре.",
    "The controller refuses only what the schema forbids: which type and which lengths may a "
    "group have? The observation has exactly ok, group, blocked, count and unreadable.":
        "Контролерът отказва само онова, което схемата забранява: какъв тип и каква дължина може "
        "да има групата? Наблюдението има точно ok, group, blocked, count и unreadable.",
    "Read the board with load_board (BoardError: the board cannot be read); a card is in the "
    "group when its group field equals the argument, ignoring case; check the argument "
    "yourself before you use it.":
        "Чети таблото с load_board (BoardError: таблото не може да се прочете); картата е в "
        "групата, когато полето ѝ group е равно на аргумента, без значение главни или малки "
        "букви; провери аргумента сам, преди да го използваш.",
    "Only a complete search is judged. Which cards could the person mean: the matches, and "
    "which others? When could a card file that was not read change the answer? And when does "
    "the person's own choice settle it?":
        "Преценява се само завършено търсене. Кои карти може да има предвид човекът: "
        "съвпаденията и кои други? Кога един непрочетен файл с карта може да промени отговора? И "
        "кога собственият избор на човека решава въпроса?",
    "Name every candidate with its title (load_board gives you the cards) and every card file "
    "that could not be read, ask the person, and name no other card; with no candidate, quote "
    "the query and say that no card matched.":
        "Назови всеки кандидат със заглавието му (load_board ти дава картите) и всеки файл с "
        "карта, който не е могъл да се прочете, попитай човека и не назовавай друга карта; без "
        "кандидат цитирай заявката и кажи, че няма съвпаднала карта. Въпросът се пише на "
        "английски: проверката чете английските му думи.",
    "Say that not all cards were checked, name each file in state['unreadable'], and claim "
    "nothing: no success words (not even negated), no 'found', no card id.":
        "Кажи, че не всички карти са проверени, назови всеки файл от state['unreadable'] и не "
        "твърди нищо: никакви думи за успех (дори с отрицание), никакво 'found', никакъв номер "
        "на карта. Докладът се пише на английски: проверката чете английските му думи.",
    "The card files: state['scanned'] of state['total'], and how many were not read. The "
    "pages: the state has no list of them — what did each step of this run do, and what did a "
    "step whose read failed add? Any other number must be one of the run's counts or limits.":
        "Файловете с карти: state['scanned'] от state['total'] и колко не са прочетени. "
        "Страниците: състоянието няма техен списък — какво е направила всяка стъпка на това "
        "пускане и какво е добавила стъпка, чието четене е пропаднало? Всяко друго число трябва "
        "да е сред броячите или лимитите на пускането.",
    # hint steps (agentloop.checks.ch5.HINTS)
    "Count the reads first: how many pages do the card files make, `page_size` a page?":
        "Първо преброй четенията: колко страници правят файловете с карти, по `page_size` на "
        "страница?",
    "A last page that is not full is read all the same, and even an empty board is one page.":
        "Непълната последна страница също се чете, а дори празното табло е една страница.",
    "Then add the actions that come after the search, and check yourself on the example "
    "board: 5 actions.":
        "После добави действията след търсенето и се провери на примерното табло: 5 действия.",
    "Three of the four settings come straight from the office's rules; the page size is the "
    "exercise.":
        "Три от четирите настройки идват направо от правилата на бюрото; размерът на страницата "
        "е упражнението.",
    "Share out the five steps: what does the route take besides its reads, and what does one "
    "retry of a failed read take?":
        "Разпредели петте стъпки: какво взема маршрутът освен четенията си и какво взема един "
        "повторен опит на пропаднало четене?",
    "What is left is the number of reads the board must fit in. Work it out for the ✘ board on "
    "paper, then with your `route_steps`.":
        "Остатъкът е броят четения, в които трябва да се побере таблото. Сметни го за таблото с "
        "✘ на хартия, после със своя `route_steps`.",
    "A page holds 1 to 50 card files: the workspace refuses any other page size.":
        "Страницата побира от 1 до 50 файла с карти: работното пространство отказва всеки друг "
        "размер на страницата.",
    "A very short board fits at any page size; a very long one fits at none.":
        "Много краткото табло се побира при всеки размер на страницата; много дългото — при "
        "никой.",
    "When nothing fits, the run should read as much of the board as it can before the limit "
    "stops it.":
        "Когато нищо не се побира, пускането трябва да прочете колкото може повече от таблото, "
        "преди лимитът да го спре.",
    "The controller refuses only what your schema forbids: the group's type and lengths belong "
    "in the schema.":
        "Контролерът отказва само онова, което схемата ти забранява: типът и дължините на "
        "групата са място в схемата.",
    "The observation has exactly the keys the exercise lists, no more.":
        "Наблюдението има точно ключовете, които изброява упражнението, не повече.",
    "Propose `count_blocked` through `validate_proposal` with an empty group and with 33 "
    "characters, as the cell below does: both must be refused.":
        "Предложи `count_blocked` през `validate_proposal` с празна група и с 33 знака, както "
        "прави клетката по-долу: и двете трябва да бъдат отказани.",
    "Read the board with `load_board(board)`: its cards and the files it could not read.":
        "Чети таблото с `load_board(board)`: картите му и файловете, които не е могло да прочете.",
    "A card is in the group when its own `group` field matches, ignoring case; a word in a "
    "title is not a group.":
        "Картата е в групата, когато собственото ѝ поле `group` съвпада, без значение главни или "
        "малки букви; дума в заглавието не е група.",
    "Called directly, the tool checks its argument itself, and a board that cannot be read "
    "gives an error observation: never an exception.":
        "Извикан направо, инструментът сам проверява аргумента си, а табло, което не може да се "
        "прочете, дава наблюдение с грешка: никога изключение.",
    "Only a complete search is judged; pages still unread mean there is nothing to ask yet.":
        "Преценява се само завършено търсене; непрочетените страници значат, че още няма какво "
        "да се пита.",
    "The candidates are the matches and every card whose id is similar to a match's: one id is "
    "the other followed by `-` and more.":
        "Кандидатите са съвпаденията и всяка карта, чийто номер е подобен на номера на "
        "съвпадение: единият номер е другият, последван от `-` и още нещо.",
    "One candidate is enough only when every card file was read — and the person's own choice "
    "settles it. Walk the ✘ case through the rules in the exercise's order.":
        "Един кандидат стига само когато всеки файл с карта е прочетен — а собственият избор на "
        "човека решава въпроса. Прекарай случая с ✘ през правилата в реда от упражнението.",
    "The question names every candidate with its title, and every card file that could not be "
    "read.":
        "Въпросът назовава всеки кандидат със заглавието му и всеки файл с карта, който не е "
        "могъл да се прочете.",
    "It asks (a `?`) and picks nothing: no 'I picked', no 'the card is', and no other card.":
        "Той пита (`?`) и не избира нищо: никакво 'I picked', никакво 'the card is' и никаква "
        "друга карта.",
    "Print your question for the ✘ case and read it as Anya would: could she answer it?":
        "Отпечатай въпроса си за случая с ✘ и го прочети, както би го прочела Аня: може ли да "
        "отговори?",
    "The report says that not every card was checked, and claims nothing else.":
        "Докладът казва, че не всяка карта е проверена, и не твърди нищо друго.",
    "No success word, not even negated; no 'found', no card id; every file in "
    "`state['unreadable']` is named.":
        "Никаква дума за успех, дори с отрицание; никакво 'found', никакъв номер на карта; всеки "
        "файл от `state['unreadable']` е назован.",
    "Read your report for the ✘ case word by word against the exercise's table.":
        "Прочети доклада си за случая с ✘ дума по дума срещу таблицата на упражнението.",
    "The card files: how many were read, of how many, and how many were not — as numbers.":
        "Файловете с карти: колко са прочетени, от колко и колко не са — като числа.",
    "The pages: the state has no list of them, so count them from what each step of the run "
    "did.":
        "Страниците: състоянието няма техен списък, затова ги преброй от онова, което е "
        "направила всяка стъпка на пускането.",
    "What did a step whose read failed add? Compare your count with the `last_step_failure` "
    "route above.":
        "Какво е добавила стъпка, чието четене е пропаднало? Сравни бройката си с маршрута "
        "`last_step_failure` отгоре.",
    # why an answer is wrong
    "return the number of actions as a whole number (an int), got {output}":
        "върни броя на действията като цяло число (int), а е {output}",
    "{card_files} card files, {page_size} a page: the route takes {expected} actions, not "
    "{output}":
        "{card_files} файла с карти, по {page_size} на страница: маршрутът отнема {expected} "
        "действия, а не {output}",
    "return a dict with exactly {keys}; got {output}": "върни речник с точно {keys}; а е {output}",
    "the settings do not load as a workspace: {problem}":
        "настройките не се зареждат като работно пространство: {problem}",
    "the office allows {max_steps} actions a run: max_steps {steps}":
        "бюрото позволява {max_steps} действия за пускане: max_steps {steps}",
    "the office allows one retry of a failed read: max_retries 1":
        "бюрото позволява един повторен опит на пропаднало четене: max_retries 1",
    "guards: the repeated-action guard and nothing else, ['repeated']":
        "guards: само предпазителят срещу повторено действие, ['repeated']",
    "page_size {page} fits as well: use the fewest card files a page (a page is what the model "
    "is sent in one go)":
        "page_size {page} също се побира: използвай най-малко файлове с карти на страница "
        "(страницата е онова, което се праща на модела наведнъж)",
    "with page_size {page}, on a board of {count} card files whose first read fails once, the "
    "run stops at the limit on step {step}: the route and its retry do not fit in max_steps "
    "{max_steps}":
        "с page_size {page}, върху табло от {count} файла с карти, чието първо четене пропада "
        "веднъж, пускането спира на лимита на стъпка {step}: маршрутът и повторният му опит не "
        "се побират в max_steps {max_steps}",
    "no page size fits {count} card files: take the largest page the workspace allows, so that "
    "the run reads as much as it can (page_size {page} reads {scanned} before the limit)":
        "никой размер на страницата не побира {count} файла с карти: вземи най-голямата "
        "страница, която позволява работното пространство, за да прочете пускането колкото може "
        "повече (page_size {page} прочита {scanned} преди лимита)",
    "expected an error observation {'ok': False, 'error': ...}, got {output}":
        "очакваше се наблюдение с грешка {'ok': False, 'error': ...}, а е {output}",
    "an error observation says why in 'error', a non-empty text":
        "наблюдението с грешка казва защо в 'error', с непразен текст",
    "the observation has the keys {keys}; expected {expected}":
        "наблюдението има ключовете {keys}; очакваха се {expected}",
    "no tool named 'count_blocked' is in the registry after your function ran":
        "след като функцията ти се изпълни, в регистъра няма инструмент с име 'count_blocked'",
    "give count_blocked a description a model can read (a sentence)":
        "дай на count_blocked описание, което моделът може да прочете (изречение)",
    "the reported outcome does not match what the controller decides for that schema":
        "съобщеният резултат не съвпада с онова, което контролерът решава за тази схема",
    "the controller ran it; it should refuse it with {expected}: check the schema":
        "контролерът го изпълни; трябва да го откаже с {expected}: провери схемата",
    "refused with {code}; expected {expected}": "отказано с {code}; очакваше се {expected}",
    "the controller refused it with {code}; it should run":
        "контролерът го отказа с {code}; а трябва да се изпълни",
    "return a pair (decision, question), got {output}":
        "върни двойка (decision, question), а е {output}",
    "expected {expected}, got {output} ({why})": "очакваше се {expected}, а е {output} ({why})",
    "pages are still unread": "още има непрочетени страници",
    "continue asks nothing: the question is None": "continue не пита нищо: въпросът е None",
    "needs_input comes with the question for the person, a non-empty str":
        "needs_input идва с въпроса към човека, непразен str",
    "expected 'needs_input', got {output}": "очакваше се 'needs_input', а е {output}",
    "keep the question under 500 characters: a person has to read it":
        "дръж въпроса под 500 знака: човек трябва да го прочете",
    "the question names {card}, which is not one of the candidates":
        "въпросът назовава {card}, която не е сред кандидатите",
    "ask the person: the question needs a '?'": "попитай човека: въпросът иска '?'",
    "nothing was chosen, but the question says {words}":
        "нищо не е избрано, а въпросът казва {words}",
    "{file} could not be read, so it might be the card: name every card file that could not be "
    "read":
        "{file} не е могъл да се прочете, така че той може да е картата: назови всеки файл с "
        "карта, който не е могъл да се прочете",
    "say what was searched for: quote the query {query}":
        "кажи какво е търсено: цитирай заявката {query}",
    "the person must see every candidate; missing {card}":
        "човекът трябва да види всеки кандидат; липсва {card}",
    "give each candidate its title, so the person can tell them apart: {card} is {title}":
        "дай на всеки кандидат заглавието му, за да може човекът да ги различи: {card} е {title}",
    "cards did match: do not say that none did":
        "карти са съвпаднали: не казвай, че няма такива",
    "keep the report under 400 characters: a person has to read it":
        "дръж доклада под 400 знака: човек трябва да го прочете",
    "nothing was achieved, but the report says {words} (even negated)":
        "нищо не е постигнато, а докладът казва {words} (дори с отрицание)",
    "no card was confirmed: do not say 'found'": "никоя карта не е потвърдена: не казвай 'found'",
    "not everything was checked, but the report claims it was":
        "не всичко е проверено, а докладът твърди, че е",
    "the search ended before its last page, but the report says {pages} of {total} pages were "
    "read":
        "търсенето свърши преди последната си страница, а докладът казва, че са прочетени "
        "{pages} от {total} страници",
    "name no card ({card}): the matches on the pages read are not a result":
        "не назовавай карта ({card}): съвпаденията от прочетените страници не са резултат",
    "say that not every card was checked (e.g. 'not all cards were checked')":
        "кажи, че не всяка карта е проверена (например 'not all cards were checked')",
    "name every card file that could not be read: {file} is missing":
        "назови всеки файл с карта, който не е могъл да се прочете: липсва {file}",
    "say how many card files were read, of how many ({scanned} of {total})":
        "кажи колко файла с карти са прочетени, от колко ({scanned} от {total})",
    "say how many card files were not read, as a number ({unread})":
        "кажи колко файла с карти не са прочетени, като число ({unread})",
    "the report says {said} of {of} pages were read, but the run read {pages}: count the reads "
    "that worked":
        "докладът казва, че са прочетени {said} от {of} страници, а пускането е прочело "
        "{pages}: брой успешните четения",
    "say how many pages were read, of how many ({pages} of {page_count})":
        "кажи колко страници са прочетени, от колко ({pages} от {page_count})",
    "the report says {number}, which is none of this run's counts or limits":
        "докладът казва {number}, а това не е сред броячите или лимитите на това пускане",
    # --- chapters 2 and 3: the controller's reasons, whole numbers, the proposal explorer,
    # the transcript, its viewer and the token plot ---
    "proposal rejected ({code}): {reason}": "предложението е отхвърлено (`{code}`): {reason}",
    "a proposal must be a dict, got {kind}":
        "предложението трябва да е речник (dict), а е {kind}",
    "type must be 'tool' or 'final', got {kind}":
        "type трябва да е 'tool' или 'final', а е {kind}",
    "a {kind} proposal needs {field}": "предложение от тип {kind} има нужда от полето {field}",
    "a {kind} proposal has only {fields}; got also {field}":
        "предложение от тип {kind} има само полетата {fields}; дошло е и {field}",
    "no tool named {name}; registered: {names}":
        "няма инструмент с име {name}; в регистъра: {names}",
    "args must be a dict of argument values, got {args}":
        "args трябва да е речник със стойностите на аргументите, а е {args}",
    "{name} needs the argument {arg}": "инструментът {name} има нужда от аргумента {arg}",
    "{name} takes {allowed}; got also {arg}":
        "инструментът {name} приема {allowed}; дошъл е и {arg}",
    "{name}'s {arg} must be {kind}, got {value}":
        "аргументът {arg} на {name} трябва да е от тип {kind}, а е {value}",
    "{name}'s {arg} must be from {low} to {high} characters, got {value}":
        "аргументът {arg} на {name} трябва да е от {low} до {high} знака, а е {value}",
    "{name}'s {arg} must be from {low} to {high}, got {value}":
        "аргументът {arg} на {name} трябва да е от {low} до {high}, а е {value}",
    "{name}'s {arg} must be at most {high} characters, got {value}":
        "аргументът {arg} на {name} трябва да е най-много {high} знака, а е {value}",
    "{name}'s {arg} must be at least {low} characters, got {value}":
        "аргументът {arg} на {name} трябва да е поне {low} знака, а е {value}",
    "{name}'s {arg} must be at most {high}, got {value}":
        "аргументът {arg} на {name} трябва да е най-много {high}, а е {value}",
    "{name}'s {arg} must be at least {low}, got {value}":
        "аргументът {arg} на {name} трябва да е поне {low}, а е {value}",
    "{name}'s {arg} must be the requested key {key}, got {value}":
        "аргументът {arg} на {name} трябва да е поисканият ключ {key}, а е {value}",
    "a final answer needs an observation first: call a tool":
        "окончателният отговор има нужда първо от наблюдение: извикай инструмент",
    "the answer must be what the last tool call returned ({result}), got {answer}":
        "отговорът трябва да е това, което върна последното извикване на инструмент "
        "({result}), а е {answer}",
    "tokens": "токена",
    "key must be a string of {low} to {high} characters, got {key}":
        "ключът трябва да е низ от {low} до {high} знака, а е {key}",
    "{field} is not valid JSON ({error} at column {column})":
        "{field} не е валиден JSON ({error}, колона {column})",
    "the run ends with answer {answer}": "пускането завършва с отговор {answer}",
    "the controller runs {tool}({args})": "контролерът изпълнява {tool}({args})",
    "not validated yet: {reason}": "още не е проверено: {reason}",
    "accepted: {reason}": "прието: {reason}",
    "REJECTED ({code}): {reason} — nothing ran":
        "ОТХВЪРЛЕНО ({code}): {reason} — нищо не е изпълнено",
    "REJECTED ({code}): {reason}": "ОТХВЪРЛЕНО ({code}): {reason}",
    "ran {tool} → {result}": "изпълнен е {tool} → {result}",
    "final answer accepted → {status}": "окончателният отговор е приет → {status}",
    "the controller refused a proposal: run() raises ProposalRejected here":
        "контролерът отхвърли предложение: тук run() вдига ProposalRejected",
    "status: stopped — 1 step used and no final answer: not a success, whatever the lookup "
    "returned":
        "статус: stopped — използвана е 1 стъпка и няма окончателен отговор: това не е "
        "успех, каквото и да е върнал lookup",
    "status: stopped — {max_steps} steps used and no final answer: not a success, whatever "
    "the lookup returned":
        "статус: stopped — използвани са {max_steps} стъпки и няма окончателен отговор: това "
        "не е успех, каквото и да е върнал lookup",
    "status: {status}; answer: {answer}": "статус: {status}; отговор: {answer}",
    "proposal": "предложение",
    "outcome": "резултат",
    "asked about": "въпрос за",
    "after one lookup": "след едно lookup",
    "preset": "готов пример",
    "type": "тип",
    "tool name": "име на инструмента",
    "args (JSON)": "args (JSON)",
    "answer (JSON)": "answer (JSON)",
    "planner": "планировчик",
    "One proposal": "Едно предложение",
    "A whole run": "Цяло пускане",
    "lookup the requested key": "lookup на поискания ключ",
    "lookup another key": "lookup на друг ключ",
    "lookup with an extra argument": "lookup с излишен аргумент",
    "lookup a 40-character key": "lookup на ключ от 40 знака",
    "run Python code": "изпълни код на Python",
    "final: what was observed": "final: това, което е наблюдавано",
    "final: an invented record": "final: измислен запис",
    "final: nothing found (None)": "final: нищо не е намерено (None)",
    "type a requested key of 1 to 32 characters": "въведи поискан ключ от 1 до 32 знака",
    "asked about {key}, after one lookup": "въпрос за {key}, след едно lookup",
    "asked about {key}, before any step": "въпрос за {key}, преди първата стъпка",
    "(not valid JSON)": "(не е валиден JSON)",
    "proposal: {proposal}": "предложение: {proposal}",
    "task: {task}": "задача: {task}",
    "  step {step}. end: {answer}": "  стъпка {step}. край: {answer}",
    "  step {step}. plan: {plan}": "  стъпка {step}. план: {plan}",
    "    action: {action}": "    действие: {action}",
    "    observation (error): {content}": "    наблюдение (грешка): {content}",
    "    observation: {content}": "    наблюдение: {content}",
    "  stopping: {why}": "  спиране: {why}",
    "{reason} → to an employee": "{reason} → към служител",
    "needs a human — {reason}": "трябва човек — {reason}",
    "the model stopped ({reason})": "моделът спря ({reason})",
    "pending approval: {requests}": "чакат одобрение: {requests}",
    "{request} for {order}": "{request} за поръчка {order}",
    "{max_steps} steps without an answer": "{max_steps} стъпки без отговор",
    "no reason": "без причина",
    "same action twice → to an employee": "същото действие два пъти → към служител",
    "token budget passed ({total} > {budget}) → to an employee":
        "бюджетът от токени е надминат ({total} > {budget}) → към служител",
    "— (answered)": "— (отговор)",
    "not run": "не е изпълнено",
    "exit: end_turn on step {step} (the model answered)":
        "изход: end_turn на стъпка {step} (моделът отговори)",
    "exit: a guard on step {step} ({reason})": "изход: предпазител на стъпка {step} ({reason})",
    "exit: {exit} on step {step} ({reason})": "изход: {exit} на стъпка {step} ({reason})",
    "plan": "план",
    "tokens sent": "изпратени токени",
    "running total": "натрупана сума",
    "task": "задача",
    "repeated-action guard": "предпазител от повторение",
    "token budget guard": "предпазител за бюджета от токени",
    "budget": "бюджет",
    "yes": "да",
    "no": "не",
    "over {budget}?": "над {budget}?",
    "an action to run?": "има действие?",
    # --- the start page's other languages (agentloop.practice.start, the site) ---
    "The course in other languages": "Курсът на други езици",
    # --- what the grader writes back to a student (agentloop_grader.judge: the lines under a
    # graded cell; agentloop_grader.report.feedback_words: nbgrader's feedback page) ---
    "the sandbox produced no result for this check":
        "пясъчникът не върна резултат за тази проверка",
    "the answer cells did not define {name}":
        "клетките с отговори не дефинираха `{name}`",
    "the notebook was not run":
        "тетрадката не беше изпълнена",
    "the cell did not run (the sandbox ended before it)":
        "клетката не се изпълни (пясъчникът приключи преди нея)",
    "{count}/{total} cases failed; {label}: {reason}":
        "не минаха случаи: {count} от {total}; {label}: {reason}",
    "{count}/{total} cases failed; {label}: {reason} (and {more} more)":
        "не минаха случаи: {count} от {total}; {label}: {reason} (и още {more})",
    "the test wrote to stderr (stock nbgrader gives 0 for that)":
        "тестът писа в `stderr` (обикновеният nbgrader дава 0 за това)",
    "partial credit: {score} of {points}":
        "част от точките: {score} от {points}",
    "(Score: {score} / {points})":
        "(точки: {score} от {points})",
    "Late submission penalty (Score: -{score})":
        "Наказание за закъснение (точки: -{score})",
    "Score: {score} / {points}":
        "Точки: {score} от {points}",
    "Test cell":
        "Проверка",
    "Coding free-response":
        "Отговор с код",
    "Written response":
        "Писмен отговор",
    "Task":
        "Задача",
    "Comment":
        "Коментар",
    "Student's answer":
        "Твоят отговор",
    "Student's task":
        "Твоята задача",
    "Grade cell:":
        "Проверка:",
    "Task:":
        "Задача:",
    "(Top)":
        "(нагоре)",
    "Comments:":
        "Коментари:",
    # --- chapter 4: an illegal move, where a session stands, the harness command and view ---
    "illegal transition {source} -> {target}; from {source} the allowed targets are: "
    "{allowed}":
        "непозволен преход {source} -> {target}; от {source} разрешените цели са: {allowed}",
    "illegal transition {source} -> {target}; from {source} the allowed targets are: none "
    "(DONE is the only exit)":
        "непозволен преход {source} -> {target}; от {source} няма разрешени цели (DONE е "
        "единственият изход)",
    "state: {state}": "състояние: {state}",
    "goal: {goal}": "цел: {goal}",
    "events: {count}": "събития: {count}",
    "turns: {turns}, tool calls: {tool_calls}, errors: {errors}, replans: {replans}":
        "ходове: {turns}, извиквания на инструменти: {tool_calls}, грешки: {errors}, нови "
        "планове: {replans}",
    "step {index} {name}: {status}": "стъпка {index} {name}: {status}",
    "waiting for tool: {call_id} {tool} {args}": "чака инструмент: {call_id} {tool} {args}",
    "outcome: {outcome}": "краен резултат: {outcome}",
    "paused: {reason} ({limit} {used}/{max}), taken in {state}":
        "пауза: {reason} ({limit} {used}/{max}), взета в {state}",
    "paused: {reason}, taken in {state}": "пауза: {reason}, взета в {state}",
    "yield point: paused, {reason} ({limit} {used}/{max}), taken in {state}":
        "точка на предаване: пауза, {reason} ({limit} {used}/{max}), взета в {state}",
    "yield point: paused, {reason}, taken in {state}":
        "точка на предаване: пауза, {reason}, взета в {state}",
    "cannot write the event log to {path}: {error}":
        "журналът на събитията не може да се запише в {path}: {error}",
    "the session is paused, not finished: raise --max-{limit} to let it finish":
        "сесията е на пауза, не е завършила: увеличи --max-{limit}, за да завърши",
    "events written to {path}": "събитията са записани в {path}",
    "not drawn: every active state can pause to IDLE, and a resume goes back to it":
        "не е нарисувано: всяко активно състояние може да спре на пауза в IDLE, а "
        "продължаването се връща в него",
    "not started: press '{button}' to run(goal)":
        "не е пуснато: натисни „{button}“, за да извикаш run(goal)",
    "next yield point": "следваща точка на предаване",
    "yield point: AWAITING_TOOL, request {call_id} {tool} {args}":
        "точка на предаване: AWAITING_TOOL, заявка {call_id} {tool} {args}",
    "DONE: outcome {outcome}": "DONE: краен резултат {outcome}",
    "offset": "номер",
    "at": "време",
    "facts": "факти",
    "tool calls": "извиквания",
    "seconds": "секунди",
    "block rm -rf": "блокирай rm -rf",
    "extend & resume": "разшири и продължи",
    "restart": "отначало",
    "budget: turns {turns}/{max_turns}, tool calls {tool_calls}/{max_tool_calls}, seconds "
    "{seconds}/{max_seconds}":
        "бюджет: ходове {turns}/{max_turns}, извиквания на инструменти "
        "{tool_calls}/{max_tool_calls}, секунди {seconds}/{max_seconds}",
    "states: {states}": "състояния: {states}",
    # --- chapter 5: the run banner (each line's key stays English), replaying a trace, a board
    # listed, the duty explorer ---
    "{board} — searched for {query}, {page_size} card files a page":
        "{board} — търсено е {query}, по {page_size} файла с карти на страница",
    "{board} — searched for {query} (the person's answer), {page_size} card files a page":
        "{board} — търсено е {query} (отговорът на човека), по {page_size} файла с карти на "
        "страница",
    "{board} — searched for {query} (the card the person's answer {answer} names), "
    "{page_size} card files a page":
        "{board} — търсено е {query} (картата, която назовава отговорът на човека {answer}), "
        "по {page_size} файла с карти на страница",
    "none — the live model chooses every step": "няма — всяка стъпка избира живият модел",
    "{adapter} — {model}; every proposal is still checked":
        "{adapter} — {model}; всяко предложение пак се проверява",
    "live — {name}, through chapter 3's adapter; every proposal is still checked":
        "жив — {name}, през адаптера от глава 3; всяко предложение пак се проверява",
    "scenario — the authors' scripted replies, not a live model and not a recording of one":
        "scenario — отговорите по авторския сценарий, не жив модел и не запис на такъв",
    "read every page, validate the match, draft its summary":
        "прочети всяка страница, провери съвпадението, състави обобщението му",
    "none": "няма",
    "max_steps {max_steps}, max_retries {max_retries}; guards: {guards}":
        "max_steps {max_steps}, max_retries {max_retries}; предпазители: {guards}",
    "max_steps {max_steps}, max_retries {max_retries}; guards: {guards}; asks when {asks}":
        "max_steps {max_steps}, max_retries {max_retries}; предпазители: {guards}; пита, "
        "когато {asks}",
    " or ": " или ",
    "a card has a similar id": "карта има подобен id",
    "repeated action": "повторено действие",
    "token budget {budget}": "бюджет от токени {budget}",
    "tool call {numbers} fails once — injected by agent.json, as a board that does not "
    "answer in time":
        "извикване на инструмент {numbers} се проваля веднъж — зададено в agent.json, като "
        "табло, което не отговаря навреме",
    "tool calls {numbers} fail once — injected by agent.json, as a board that does not "
    "answer in time":
        "извикванията на инструменти {numbers} се провалят по веднъж — зададено в "
        "agent.json, като табло, което не отговаря навреме",
    "none — the dispatcher's allowlist is empty, so nothing may run":
        "няма — списъкът с разрешени на диспечера е празен, така че нищо не може да се "
        "изпълни",
    "{tools} (the dispatcher's default allowlist: agent.json names no tools)":
        "{tools} (списъкът с разрешени на диспечера по подразбиране: agent.json не назовава "
        "инструменти)",
    "{tools} (the dispatcher's allowlist)": "{tools} (списъкът с разрешени на диспечера)",
    "refused: {code}": "отхвърлено: {code}",
    "not run: a guard stopped it": "не е изпълнено: спря го предпазител",
    "not UTF-8 text (byte 0x{byte} at position {position})":
        "не е текст в UTF-8 (байт 0x{byte} на позиция {position})",
    "not configured — agent.json has no contract, so the summary is not checked":
        "не е настроен — agent.json няма contract, така че обобщението не се проверява",
    "{fields} — not checked: the run stopped before a summary was drafted":
        "{fields} — не е проверен: пускането спря, преди да бъде съставено обобщение",
    "met — the summary states {fields}": "изпълнен — обобщението посочва {fields}",
    "not met — the summary lacks {missing}": "не е изпълнен — в обобщението липсва {missing}",
    "not configured — agent.json has no save, so the answer is only printed":
        "не е настроен — agent.json няма save, така че отговорът само се отпечатва",
    "{path} — the summary": "{path} — обобщението",
    "{path} — the question": "{path} — въпросът",
    "{path} — why no answer was confirmed": "{path} — защо не е потвърден отговор",
    "{path} — the question, and the summary drafted but not confirmed":
        "{path} — въпросът и съставеното, но непотвърдено обобщение",
    "not configured — agent.json has no state, so a question cannot be answered in a later "
    "run":
        "не е настроен — agent.json няма state, така че на въпрос не може да се отговори в "
        "следващо пускане",
    "no earlier answer used": "не е използван по-ранен отговор",
    "this run answered the saved question with {answer} ({chosen})":
        "това пускане отговори на запазения въпрос с {answer} ({chosen})",
    "this run answered the saved question with {answer}":
        "това пускане отговори на запазения въпрос с {answer}",
    "the question is saved: answer it with --answer":
        "въпросът е запазен: отговори му с --answer",
    "no new question": "няма нов въпрос",
    "not configured — agent.json has no trace, so this run cannot be replayed":
        "не е настроен — agent.json няма trace, така че това пускане не може да се "
        "възпроизведе",
    "{trace} — replay this run with: agentloop replay {trace}":
        "{trace} — възпроизведи това пускане с: agentloop replay {trace}",
    "This technical run does not confirm the model's quality.":
        "Това техническо пускане не потвърждава качеството на модела.",
    "replayed: {trace} — {steps} steps, the same decisions and the same stop":
        "възпроизведено: {trace} — {steps} стъпки, същите решения и същото спиране",
    "against the board: step {step}'s {tool} {args} is not what the board {board} gives now "
    "— the trace has {key} {recorded}, the board gives {now}":
        "спрямо таблото: {tool} {args} от стъпка {step} не е това, което таблото {board} "
        "дава сега — журналът има {key} {recorded}, таблото дава {now}",
    "against the board: {board} gives every recorded observation again (1 tool call)":
        "спрямо таблото: {board} дава отново всяко записано наблюдение (1 извикване на "
        "инструмент)",
    "against the board: {board} gives every recorded observation again ({count} tool calls)":
        "спрямо таблото: {board} дава отново всяко записано наблюдение ({count} извиквания "
        "на инструменти)",
    "{trace}: step {step} does not replay: the trace has {key} {recorded}, the loop gives "
    "{now}":
        "{trace}: стъпка {step} не се възпроизвежда: журналът има {key} {recorded}, цикълът "
        "дава {now}",
    "{trace} does not replay: the trace has {count} steps, the loop takes {steps}":
        "{trace} не се възпроизвежда: журналът има {count} стъпки, цикълът прави {steps}",
    "{trace} does not replay: the trace stops with {recorded}, the loop with {now}":
        "{trace} не се възпроизвежда: журналът спира с {recorded}, цикълът с {now}",
    "{trace} does not replay: its harness events differ from the loop's":
        "{trace} не се възпроизвежда: събитията на харнеса се различават от тези на цикъла",
    "{board} — {count} card files": "{board} — {count} файла с карти",
    "{file}: unreadable — {reason}": "{file}: не може да се прочете — {reason}",
    "problems: {problems}": "проблеми: {problems}",
    "status {status} is not one of {statuses}": "статусът {status} не е сред {statuses}",
    "blocked_by names {card}, which is not on the board":
        "blocked_by назовава {card}, а такава карта няма на таблото",
    "blocked_by names {card}, which is not an id": "blocked_by назовава {card}, а това не е id",
    "status is blocked but blocked_by names no card":
        "статусът е blocked, но blocked_by не назовава карта",
    "the card is blocked by itself": "картата е блокирана от самата себе си",
    "the title is empty": "заглавието е празно",
    "the group is empty": "групата е празна",
    "no {field} in the header": "в заглавната част няма {field}",
    "Error: the board folder {board} was not found":
        "Error: папката на таблото {board} не е намерена",
    "Error: the board did not answer in time (an injected fault: tool call {call} is in "
    "agent.json's faults)":
        "Error: таблото не отговори навреме (зададена повреда: извикване {call} е във faults "
        "на agent.json)",
    "board must be one of {boards}, got {board}":
        "board трябва да е едно от {boards}, а е {board}",
    "query must be one of {queries}, got {query}":
        "query трябва да е едно от {queries}, а е {query}",
    "tokens must be one of {budgets}, got {tokens}":
        "tokens трябва да е едно от {budgets}, а е {tokens}",
    "page_size must be from {low} to {high} here, got {value}":
        "page_size тук трябва да е от {low} до {high}, а е {value}",
    "no match": "няма съвпадение",
    "page {page} of {pages}: {found}": "страница {page} от {pages}: {found}",
    "{card} is valid": "{card} е валидна",
    "summary of {cards}; contract met": "обобщение на {cards}; договорът е изпълнен",
    "summary of {cards}; contract not met": "обобщение на {cards}; договорът не е изпълнен",
    "(an observation)": "(наблюдение)",
    "{terminal} after 1 step": "{terminal} след 1 стъпка",
    "{terminal} after {steps} steps": "{terminal} след {steps} стъпки",
    "query": "заявка",
    "board": "табло",
    "token budget": "бюджет от токени",
    "office board": "таблото на офиса",
    "fixed board": "поправеното табло",
    "empty board": "празно табло",
    "archive (missing)": "archive (липсва)",
    # --- the commands' one-line errors (commands._options, commands.progress), a live model
    # that is not there ---
    "{flag} takes {what}, got {text}": "{flag} приема {what}, а е {text}",
    "a whole number": "цяло число",
    "a number": "число",
    "a positive whole number": "цяло положително число",
    "a number of seconds": "брой секунди",
    "{option} goes with --model {name}": "{option} върви само с --model {name}",
    "--model {name} needs --base-url URL and --model-name NAME, e.g. --base-url {url} "
    "--model-name {model}":
        "--model {name} има нужда от --base-url URL и --model-name NAME, например --base-url "
        "{url} --model-name {model}",
    "--workspace {folder} is not a practice workspace; ./course lab creates one (or: "
    "agentloop workspace)":
        "--workspace {folder} не е работно пространство за упражнения; ./course lab създава "
        "такова (или: agentloop workspace)",
    "nothing answers at {url}": "на {url} никой не отговаря",
    # --- chapter 5: a person's --answer refused (duty.handover) ---
    "--answer needs a state file to find the question in; the workspace's agent.json has no "
    "state":
        "--answer има нужда от файл със състоянието, за да намери въпроса в него; agent.json "
        "на работното пространство няма state",
    "--answer: {state} holds no question to answer; run without --answer first":
        "--answer: в {state} няма въпрос, на който да се отговори; първо пусни без --answer",
    "--answer must be one line of {low} to {high} characters, got {answer}":
        "--answer трябва да е един ред от {low} до {high} знака, а е {answer}",
    "--answer {text} is not one of the cards the question offered: {offered}":
        "--answer {text} не е сред картите, които въпросът предложи: {offered}",
    "--answer {text} is not one of the cards the question offered: {offered} (the board "
    "cannot be read, so an answer in words cannot be matched to a card; answer with an id)":
        "--answer {text} не е сред картите, които въпросът предложи: {offered} (таблото не "
        "може да се прочете, така че отговор с думи не може да се свърже с карта; отговори с "
        "id)",
    "{words} fits {card}": "{words} пасва на {card}",
    "--answer {text} still fits more than one card: {which}. Which one do you mean? Answer "
    "with an id, or with a word only that card's title or group has.":
        "--answer {text} все още пасва на повече от една карта: {which}. Коя имаш предвид? "
        "Отговори с id или с дума, която има само в заглавието или групата на тази карта.",
    "--answer {text} does not tell the cards apart: {words} fits every card the question "
    "offered ({listing}). Which one do you mean? Answer with an id, or with a word only that "
    "card's title or group has.":
        "--answer {text} не различава картите: {words} пасва на всяка карта, която въпросът "
        "предложи ({listing}). Коя имаш предвид? Отговори с id или с дума, която има само в "
        "заглавието или групата на тази карта.",
    "--answer {text} does not tell the cards apart: {words} fit every card the question "
    "offered ({listing}). Which one do you mean? Answer with an id, or with a word only that "
    "card's title or group has.":
        "--answer {text} не различава картите: {words} пасват на всяка карта, която въпросът "
        "предложи ({listing}). Коя имаш предвид? Отговори с id или с дума, която има само в "
        "заглавието или групата на тази карта.",
    "--answer {text} names none of the cards the question offered ({listing}). Which one do "
    "you mean? Answer with an id, or with a word only that card's title or group has.":
        "--answer {text} не назовава нито една от картите, които въпросът предложи "
        "({listing}). Коя имаш предвид? Отговори с id или с дума, която има само в "
        "заглавието или групата на тази карта.",
    # --- chapter 5: --answer before any question (duty.shift) ---
    "--answer: no run of {workspace} has saved a question yet; run it without --answer first":
        "--answer: никое пускане на {workspace} още не е запазило въпрос; първо го пусни без "
        "--answer",
    # --- chapter 3: the token plot's figure (left-to-right languages) ---
    "tokens sent in this request (grey: no action to run)":
        "токени, изпратени в тази заявка (в сиво: няма действие)",
    "budget {budget}": "бюджет {budget}",
    "tokens (≈ words × 1.3)": "токени (≈ думи × 1,3)",
    "Every request resends the whole history": "Всяка заявка изпраща отново цялата история",
    # --- whole numbers out of range (validation.validate_whole_number), one sentence each ---
    "{name} must be an integer from {low} to {high}, got {value}":
        "{name} трябва да е цяло число от {low} до {high}, а е {value}",
    "{name} must be an integer from {low} to {high} {unit}, got {value}":
        "{name} трябва да е цяло число от {low} до {high} {unit}, а е {value}",
    "{name} must be a positive integer, got {value}":
        "{name} трябва да е цяло положително число, а е {value}",
    "{name} must be a whole number of 0 or more, got {value}":
        "{name} трябва да е цяло число, 0 или повече, а е {value}",
    "{name} must be an integer of {low} or more, got {value}":
        "{name} трябва да е цяло число, {low} или повече, а е {value}",
    "{name} must be an integer of at most {high}, got {value}":
        "{name} трябва да е цяло число, най-много {high}, а е {value}",
    "{name} must be an integer, got {value}": "{name} трябва да е цяло число, а е {value}",
    # --- chapter 5: the workspace's errors (duty.workspace, duty.shift) ---
    "{folder}: the workspace's path is not UTF-8 text; rename the folder, or pass it by a path "
    "that is":
        "{folder}: пътят до работното пространство не е текст в UTF-8; преименувай папката или я "
        "подай с път, който е",
    "{folder} is not a folder; pass the workspace folder that holds {agent} and {policy}":
        "{folder} не е папка; подай папката на работното пространство, в която са {agent} и "
        "{policy}",
    "{where}: unknown field {field}; the fields are: {fields}":
        "{where}: непознато поле {field}; полетата са: {fields}",
    "{where}: missing {name} ({meaning})": "{where}: липсва {name} ({meaning})",
    "what the duty officer is asked, a non-empty string": "какво питат „Дежурния“, непразен низ",
    "what to search the board for, a string of {low} to {high} characters":
        "какво да се търси на таблото, низ от {low} до {high} знака",
    "the folder of task cards, relative to the workspace":
        "папката с картите на задачите, спрямо работното пространство",
    "{file} was not found; a workspace holds {agent} and {policy}":
        "{file} не е намерен; работното пространство съдържа {agent} и {policy}",
    "{file} must hold a JSON object with the fields {required} (and optionally {optional})":
        "{file} трябва да съдържа JSON обект с полетата {required} (и по избор {optional})",
    "{where}: {name} must be one line of text, 1 to {longest} characters, got {value}":
        "{where}: {name} трябва да е един ред текст от 1 до {longest} знака, а е {value}",
    "{where}: query must be one line of {low} to {high} characters, got {value}":
        "{where}: query трябва да е един ред от {low} до {high} знака, а е {value}",
    "{where}: page_size must be {allowed}, got {value}":
        "{where}: page_size трябва да е {allowed}, а е {value}",
    "an integer from {low} to {high}": "цяло число от {low} до {high}",
    "{where}: {name} must be a list drawn from {allowed}, got {value}":
        "{where}: {name} трябва да е списък от {allowed}, а е {value}",
    "{where}: {name}[{index}] is {value}; allowed: {allowed}":
        "{where}: {name}[{index}] е {value}; позволени са: {allowed}",
    "{where}: {name}[{index}] repeats {value}": "{where}: {name}[{index}] повтаря {value}",
    "{where}: contract is empty; name the card fields a finished answer must state ({fields}), "
    "or leave contract out":
        "{where}: contract е празен; назови полетата на картата, които готовият отговор трябва "
        "да посочи ({fields}), или махни contract",
    "{where}: guards must be a list such as [\"repeated\", \"tokens=3000\"], got {value}":
        "{where}: guards трябва да е списък, например [\"repeated\", \"tokens=3000\"], а е "
        "{value}",
    "{where}: guards[{index}] is {value}; a guard is {spelling}":
        "{where}: guards[{index}] е {value}; предпазителят се пише {spelling}",
    "{where}: guards names a guard twice: {value}":
        "{where}: guards назовава един предпазител два пъти: {value}",
    "{where}: {name} must be a file path inside the workspace, got {value}":
        "{where}: {name} трябва да е път до файл в работното пространство, а е {value}",
    "{where}: {name} must be a relative path inside the workspace (no '..', not absolute), got "
    "{value}":
        "{where}: {name} трябва да е относителен път в работното пространство (без '..', не "
        "абсолютен), а е {value}",
    "{where}: {name} would overwrite {file}; choose another file, e.g. out/answer.md":
        "{where}: {name} би презаписал {file}; избери друг файл, например out/answer.md",
    "{where}: {name} must be a file name such as out/answer.md (not runs, not hidden), got "
    "{value}":
        "{where}: {name} трябва да е име на файл като out/answer.md (не runs, не скрит), а е "
        "{value}",
    "{where}: save, state and trace must be three different files, got {files}":
        "{where}: save, state и trace трябва да са три различни файла, а са {files}",
    "{where}: save, state and trace must be in one folder (each run writes them into a folder of "
    "its own under it), got {files}":
        "{where}: save, state и trace трябва да са в една папка (всяко пускане ги записва в своя "
        "папка в нея), а са {files}",
    "{where}: model must be {scenario}, '{live}MODEL_NAME' or an object {\"kind\": \"{kind}\", "
    "\"base_url\": …, \"model_name\": …}, got {value}":
        "{where}: model трябва да е {scenario}, '{live}MODEL_NAME' или обект {\"kind\": "
        "\"{kind}\", \"base_url\": …, \"model_name\": …}, а е {value}",
    "{where}: model has unknown fields {fields}; allowed: {allowed}":
        "{where}: model има непознати полета {fields}; позволени са: {allowed}",
    "{where}: model.kind must be {kind} (the only kind of model object), got {value}":
        "{where}: model.kind трябва да е {kind} (единственият вид обект за model), а е {value}",
    "{where}: model.{name} must be one line of text, e.g. {example}, got {value}":
        "{where}: model.{name} трябва да е един ред текст, например {example}, а е {value}",
    "{where}: faults must be a list of tool call numbers, an integer from {low} to {high}, such "
    "as [1]; got {value}":
        "{where}: faults трябва да е списък с номера на извиквания на инструменти, цели числа от "
        "{low} до {high}, например [1]; а е {value}",
    "{where}: faults[{index}] must be an integer from {low} to {high} (a tool call of the run), "
    "got {value}":
        "{where}: faults[{index}] трябва да е цяло число от {low} до {high} (извикване на "
        "инструмент в пускането), а е {value}",
    "{where}: faults[{index}] repeats {value}": "{where}: faults[{index}] повтаря {value}",
    "{where}: model {model} needs an API key: {variable} is not set (or use \"model\": "
    "\"scenario\")":
        "{where}: моделът {model} има нужда от API ключ: {variable} не е зададена (или използвай "
        "\"model\": \"scenario\")",
    "{where}: model {model} needs the provider's SDK: pip install \"agentloop[live]\"":
        "{where}: моделът {model} има нужда от SDK на доставчика: pip install "
        "\"agentloop[live]\"",
    # --- chapter 5: the small JSON files a run reads (duty.jsonfile) ---
    "{file} is not UTF-8 text (byte 0x{byte} at position {position})":
        "{file} не е текст в UTF-8 (байт 0x{byte} на позиция {position})",
    "{file} is not valid JSON: {problem} at line {line}":
        "{file} не е валиден JSON: {problem} на ред {line}",
    "{file} is nested too deeply to be read as JSON":
        "{file} е вложен твърде дълбоко, за да се прочете като JSON",
    "{file}: {where} holds text that is not valid Unicode (an escape such as \\udcfe that stands "
    "for no character)":
        "{file}: {where} съдържа текст, който не е валиден Unicode (екраниране като \\udcfe, зад "
        "което не стои знак)",
    "the file": "файлът",
    "{file} was not found": "{file} не е намерен",
    "{file} is a folder, not a file": "{file} е папка, не файл",
    "{file} is a symbolic link; only a file the duty officer wrote itself is read here":
        "{file} е символна връзка; тук се чете само файл, който „Дежурният“ е записал сам",
    "{file} cannot be read ({why})": "{file} не може да се прочете ({why})",
    "{file} is not a regular file": "{file} не е обикновен файл",
    "{file} is {size} bytes; a file like this holds at most {limit}":
        "{file} е {size} байта; такъв файл побира най-много {limit}",
    "{file} is more than {limit} bytes; a file like this holds at most {limit}":
        "{file} е повече от {limit} байта; такъв файл побира най-много {limit}",
    # --- chapter 5: the state file (duty.handover) ---
    "{file}: format must be {format}; this is not a state file the duty officer wrote (delete it "
    "to start afresh)":
        "{file}: format трябва да е {format}; това не е файл със състоянието, записан от "
        "„Дежурния“ (изтрий го, за да започнеш отначало)",
    "{file}: unknown field {field}; a state file has format, stop, answer, chosen and question":
        "{file}: непознато поле {field}; файлът със състоянието има format, stop, answer, chosen "
        "и question",
    "{file}: stop must be one of {terminals} or null, got {value}":
        "{file}: stop трябва да е едно от {terminals} или null, а е {value}",
    "{file}: answer must be a string or null, got {value}":
        "{file}: answer трябва да е низ или null, а е {value}",
    "{file}: chosen must be a card id or null, got {value}":
        "{file}: chosen трябва да е id на карта или null, а е {value}",
    "{file}: question must be an object with kind, text, query and candidates, or null":
        "{file}: question трябва да е обект с kind, text, query и candidates, или null",
    "{file}: question.kind must be one of {kinds}, got {value}":
        "{file}: question.kind трябва да е едно от {kinds}, а е {value}",
    "{file}: question.{name} must be a non-empty string":
        "{file}: question.{name} трябва да е непразен низ",
    "{file}: question.candidates must be a list of card ids":
        "{file}: question.candidates трябва да е списък с id на карти",
    # --- chapter 5: a run's folder (duty.runs, duty.shift) ---
    "cannot write {file}: {why}": "{file} не може да се запише: {why}",
    "cannot create the run folder {folder}: {why}":
        "папката на пускането {folder} не може да се създаде: {why}",
    "cannot create a run folder in {folder}: {count} numbers in a row are taken":
        "в {folder} не може да се създаде папка на пускане: {count} поредни номера са заети",
    "cannot read the run folders in {folder}: {why}":
        "папките на пусканията в {folder} не могат да се прочетат: {why}",
    "{file} must be a plain file naming the last run (such as 0002); delete it to start afresh":
        "{file} трябва да е обикновен файл с името на последното пускане (например 0002); изтрий "
        "го, за да започнеш отначало",
    "cannot read {file}: {why}": "{file} не може да се прочете: {why}",
    "{file} must name a run folder such as 0002, got {value}; delete it to start afresh":
        "{file} трябва да назовава папка на пускане, например 0002, а е {value}; изтрий го, за "
        "да започнеш отначало",
    "cannot open the workspace {folder}: {why}":
        "работното пространство {folder} не може да се отвори: {why}",
    "cannot open {folder}: {why}": "{folder} не може да се отвори: {why}",
    "{folder} leads outside the workspace (to {target}); a run writes only inside its workspace "
    "folder":
        "{folder} води извън работното пространство (към {target}); пускането пише само в своето "
        "работно пространство",
    "cannot create {folder}: {why}": "{folder} не може да се създаде: {why}",
    "cannot create {folder}: a file is in the folder's place":
        "{folder} не може да се създаде: на мястото на папката има файл",
    "cannot write the trace {trace}: {why}": "журналът {trace} не може да се запише: {why}",
    # --- chapter 5: a trace that cannot be read or does not replay (duty.trace) ---
    "{trace}, line {line}": "{trace}, ред {line}",
    "{trace}, line {line}: not JSON ({problem})": "{trace}, ред {line}: не е JSON ({problem})",
    "{trace}, line {line}: nested too deeply to be read":
        "{trace}, ред {line}: вложен е твърде дълбоко, за да се прочете",
    "{trace}, line {line}: kind must be one of {kinds}":
        "{trace}, ред {line}: kind трябва да е едно от {kinds}",
    "{trace}, line {line}: holds text that is not valid Unicode":
        "{trace}, ред {line}: съдържа текст, който не е валиден Unicode",
    "{trace}: the first line must be the run line of a {format} trace":
        "{trace}: първият ред трябва да е редът на пускането на журнал {format}",
    "{trace}: the last line must be the stop line; the run did not finish writing its trace":
        "{trace}: последният ред трябва да е редът на спирането; пускането не е дописало журнала "
        "си",
    "{trace}, line {line}: step {value} is out of order; expected step {step}":
        "{trace}, ред {line}: стъпка {value} не е на мястото си; очаквана е стъпка {step}",
    "{trace}, line {line}: a {kind} line comes only once":
        "{trace}, ред {line}: ред {kind} има само веднъж",
    "{file} must name a run folder such as 0002":
        "{file} трябва да назовава папка на пускане, например 0002",
    "cannot read the folder {folder}: {why}": "папката {folder} не може да се прочете: {why}",
    "{folder} holds no duty officer trace; pass a trace file, a run's folder (out/runs/0001) or "
    "the folder that holds runs/ and latest":
        "в {folder} няма журнал на „Дежурния“; подай файл с журнал, папка на пускане "
        "(out/runs/0001) или папката, в която са runs/ и latest",
    "{folder} holds {count} traces; pass one of them: {traces}":
        "в {folder} има {count} журнала; подай един от тях: {traces}",
    "{trace} does not replay: {kind}: {problem}": "{trace} не се възпроизвежда: {kind}: {problem}",
    "{trace}: the harness events end in {state}, not DONE":
        "{trace}: събитията на харнеса завършват в {state}, не в DONE",
    "{trace}: the run line needs facts (an object)":
        "{trace}: редът на пускането има нужда от facts (обект)",
    "{trace}: the run line's facts": "{trace}: редът на пускането, facts",
    "{where} has no {name}": "{where}: липсва {name}",
    "{where}.answer must be null or the person's answer, {low} to {high} characters, got {value}":
        "{where}.answer трябва да е null или отговорът на човека, от {low} до {high} знака, а е "
        "{value}",
    "{where}.chosen must be null or a card id, got {value}":
        "{where}.chosen трябва да е null или id на карта, а е {value}",
    "{where}.tools_default must be true or false, got {value}":
        "{where}.tools_default трябва да е true или false, а е {value}",
    "{where}.model must be 'scenario' or 'KIND:NAME' such as 'live:MODEL_NAME', got {value}":
        "{where}.model трябва да е 'scenario' или 'KIND:NAME', например 'live:MODEL_NAME', а е "
        "{value}",
    "{where}.{name} must be one line of text, got {value}":
        "{where}.{name} трябва да е един ред текст, а е {value}",
    "{where}.{name} must be null or one line of text, got {value}":
        "{where}.{name} трябва да е null или един ред текст, а е {value}",
    "{where}: the step has no {name}": "{where}: стъпката няма {name}",
    "{where}: the step has a field no run writes: {name}":
        "{where}: стъпката има поле, което никое пускане не записва: {name}",
    "{where}: the step's {name} is not what a run writes, got {value}":
        "{where}: {name} на стъпката не е това, което пускането записва, а е {value}",
    "{where}: a step that ran needs the proposal that ran, with its name and args":
        "{where}: изпълнената стъпка има нужда от изпълненото предложение, с неговите name и "
        "args",
    "{where}: the stop's terminal must be one of {terminals}, got {value}":
        "{where}: изходът при спирането трябва да е едно от {terminals}, а е {value}",
    "{where}: the stop's failure must be null or a text, got {value}":
        "{where}: неуспехът при спирането (failure) трябва да е null или текст, а е {value}",
    "{where}: the stop has a field no run writes: {name}":
        "{where}: спирането има поле, което никое пускане не записва: {name}",
    # --- chapter 5: the board's words — a card's problems, an unreadable card file, a board that
    # cannot be read (duty.board, shown through banner.board_words) ---
    "unknown field {key}; a card has {fields} and notes":
        "непознато поле {key}; картата има {fields} и бележки",
    "field {key} is written twice": "полето {key} е записано два пъти",
    "id {id} is not an id: lowercase letters and digits in parts joined by '-', at most {length} "
    "characters":
        "id {id} не е id: малки букви и цифри на части, свързани с '-', най-много {length} знака",
    "the title has {count} characters; at most {limit}":
        "заглавието има {count} знака; най-много {limit}",
    "the id {id} does not match the file name {file} (expected {expected})":
        "id {id} не съвпада с името на файла {file} (очаквано е {expected})",
    "{count} files claim the id {id}: {files}": "{count} файла претендират за id {id}: {files}",
    "status is done but it is blocked by {cards}, which is not done":
        "статусът е done, но картата е блокирана от {cards}, която не е готова",
    "{name} is not a file name": "{name} не е име на файл",
    "{name} is a path, not a file name inside the board": "{name} е път, не име на файл в таблото",
    "its file name is not UTF-8 text": "името на файла не е текст в UTF-8",
    "cannot be opened ({why})": "не може да се отвори ({why})",
    "a symbolic link that points outside the board": "символна връзка, която сочи извън таблото",
    "a symbolic link into a subfolder; cards live directly in the board folder":
        "символна връзка към подпапка; картите са направо в папката на таблото",
    "not a regular file": "не е обикновен файл",
    "{size} bytes; a card may have at most {limit}":
        "{size} байта; картата може да има най-много {limit}",
    "more than {limit} bytes; a card may have at most {limit}":
        "повече от {limit} байта; картата може да има най-много {limit}",
    "contains a NUL byte: binary data, not a card": "съдържа байт NUL: двоични данни, не карта",
    "no header block: a card starts with a line {fence}":
        "няма заглавен блок: картата започва с ред {fence}",
    "the header block is not closed by a second {fence} line":
        "заглавният блок не е затворен с втори ред {fence}",
    "header line {line} is not 'field: value': {text}":
        "ред {line} от заглавната част не е 'поле: стойност': {text}",
    "no id in the header: every card names its id":
        "в заглавната част няма id: всяка карта назовава своя id",
    "the board folder {board} was not found": "папката на таблото {board} не е намерена",
    "the board folder {board} cannot be opened ({why})":
        "папката на таблото {board} не може да се отвори ({why})",
    "{board} is not a folder; the board is a folder of card files":
        "{board} не е папка; таблото е папка с файлове на карти",
    "the board {board} has more than {limit} card files; split it into smaller boards":
        "таблото {board} има повече от {limit} файла на карти; раздели го на по-малки табла",
    "the board folder {board} cannot be read ({why})":
        "папката на таблото {board} не може да се прочете ({why})",
    "Error: the board folder {board} cannot be opened ({why})":
        "Error: папката на таблото {board} не може да се отвори ({why})",
    "Error: {board} is not a folder; the board is a folder of card files":
        "Error: {board} не е папка; таблото е папка с файлове на карти",
    "Error: the board {board} has more than {limit} card files; split it into smaller boards":
        "Error: таблото {board} има повече от {limit} файла на карти; раздели го на по-малки "
        "табла",
    "Error: the board folder {board} cannot be read ({why})":
        "Error: папката на таблото {board} не може да се прочете ({why})",
    # --- the agentloop command's own error lines (commands.shared, commands.support) ---
    "{file} is not a duty officer's trace; --against-board and --board are for those (chapter 5)":
        "{file} не е журнал на „Дежурния“; --against-board и --board са само за такива журнали "
        "(глава 5)",
    "the live model failed: {problem}": "живият модел се провали: {problem}",
    # --- chapter 5: settings given in code (duty.officer's RunInput, duty.board_tools,
    # duty.example) ---
    "ask_when names {rule}; the rules are: {rules}":
        "ask_when назовава {rule}; правилата са: {rules}",
    "allowlist names unknown tools {unknown}; the board tools are: {tools}":
        "списъкът с разрешеното назовава непознати инструменти {unknown}; инструментите на "
        "таблото са: {tools}",
    "route must be one of {routes}, got {route}": "route трябва да е едно от {routes}, а е {route}",
    # --- chapter 5: the duty officer's message to the person (agentloop.duty.handover),
    # sentence by sentence, and the phrases inside it (banner.handover_words) ---
    "The card {card} ({file}) cannot be confirmed: {problems}.":
        "Картата {card} ({file}) не може да бъде потвърдена: {problems}.",
    "Fix the card and run me again, or tell me which card you mean.":
        "Поправи картата и ме пусни отново или ми кажи коя карта имаш предвид.",
    "The summary does not meet the contract: it lacks {missing}.":
        "Обобщението не изпълнява договора: в него липсва {missing}.",
    "Add that to the card and run me again, or tell me which card you mean.":
        "Добави това в картата и ме пусни отново или ми кажи коя карта имаш предвид.",
    "Is {cards} the card you mean?": "{cards} ли е картата, която имаш предвид?",
    "The card you chose, {card}, does not match {query} on the board any more.":
        "Избраната от теб карта {card} вече не отговаря на {query} на таблото.",
    "Which task do you mean?": "Коя задача имаш предвид?",
    "Which one do you mean?": "Коя от тях имаш предвид?",
    "I searched the whole board and no card matches {query}.":
        "Претърсих цялото табло и нито една карта не отговаря на {query}.",
    "No card I could read matches {query}, but {files} could not be read, so I cannot say "
    "that none does.":
        "Нито една от картите, които успях да прочета, не отговаря на {query}, но не успях да "
        "прочета {files}, така че не мога да кажа, че няма такава.",
    "I found {count} cards for {query} — {cards}.":
        "Намерих {count} карти за {query} — {cards}.",
    "I found two cards with a similar id — {first} and {second}.":
        "Намерих две карти с подобен id — {first} и {second}.",
    "I found {count} cards that match {query} — {cards}.":
        "Намерих {count} карти, които отговарят на {query} — {cards}.",
    "No answer was confirmed.": "Нито един отговор не е потвърден.",
    "Nothing was checked.": "Нищо не е проверено.",
    "No answer was confirmed; {progress}.": "Нито един отговор не е потвърден; {progress}.",
    "A guard stopped step {step} before it ran — {reason}.":
        "Предпазител спря стъпка {step}, преди да се изпълни — {reason}.",
    "The board is longer than a run may read — {error}.":
        "Таблото е по-дълго, отколкото едно изпълнение може да прочете — {error}.",
    "Step {step}'s {action} failed — {error}.":
        "{action} на стъпка {step} не успя — {error}.",
    "A retry was allowed, but it would be step {next}, and max_steps is {max_steps}.":
        "Повторен опит беше позволен, но той щеше да е стъпка {next}, а max_steps е "
        "{max_steps}.",
    "Not all cards were checked — {progress}.": "Не всички карти са проверени — {progress}.",
    "The search is complete, but no answer was confirmed.":
        "Търсенето е завършено, но нито един отговор не е потвърден.",
    "I ran out of allowed steps before the search ended: not all cards were checked — "
    "{progress}.":
        "Позволените стъпки свършиха преди търсенето: не всички карти са проверени — "
        "{progress}.",
    "I ran out of allowed steps before the summary was drafted: the search is complete, but "
    "no answer was confirmed.":
        "Позволените стъпки свършиха, преди да бъде съставено обобщението: търсенето е "
        "завършено, но нито един отговор не е потвърден.",
    "The model failed: {detail}.": "Моделът се провали: {detail}.",
    "The harness budget ran out ({pause}).": "Бюджетът на харнеса се изчерпа ({pause}).",
    "I found {cards} for {query} and drafted the summary, but {files} could not be read, so it "
    "might match as well.":
        "Намерих {cards} за {query} и съставих обобщението, но не успях да прочета {files}, "
        "така че и той може да отговаря.",
    "I found {cards} for {query} and drafted the summary, but {files} could not be read, so "
    "one of them might match as well.":
        "Намерих {cards} за {query} и съставих обобщението, но не успях да прочета {files}, "
        "така че и някой от тях може да отговаря.",
    "Answer with its id or words from its title, or fix {files} and run me again.":
        "Отговори с нейния id или с думи от заглавието ѝ, или поправи {files} и ме пусни "
        "отново.",
    "Answer with its id or words from its title, or fix them and run me again.":
        "Отговори с нейния id или с думи от заглавието ѝ, или поправи тези файлове и ме пусни "
        "отново.",
    "I could not read any of the {count} card file of the board ({files}), so nothing was "
    "searched for {query}.":
        "Не успях да прочета единствения файл с карта на таблото ({count}: {files}), така че "
        "нищо не беше търсено за {query}.",
    "I could not read any of the {count} card files of the board ({files}), so nothing was "
    "searched for {query}.":
        "Не успях да прочета нито един от {count}-те файла с карти на таблото ({files}), така "
        "че нищо не беше търсено за {query}.",
    "Fix {files} and run me again.": "Поправи {files} и ме пусни отново.",
    "Fix them and run me again.": "Поправи ги и ме пусни отново.",
    "Fix {files} and run me again, or tell me which task you mean.":
        "Поправи {files} и ме пусни отново или ми кажи коя задача имаш предвид.",
    "Fix them and run me again, or tell me which task you mean.":
        "Поправи ги и ме пусни отново или ми кажи коя задача имаш предвид.",
    "I found {card} for {query}, but {others} has a similar id.":
        "Намерих {card} за {query}, но {others} има подобен id.",
    "I found {card} for {query}, but {others} have a similar id.":
        "Намерих {card} за {query}, но {others} имат подобен id.",
    "The proposed actions were refused — {error}.":
        "Предложените действия бяха отхвърлени — {error}.",
    "The proposed actions were refused, even after a retry — {error}.":
        "Предложените действия бяха отхвърлени дори след повторен опит — {error}.",
    "I could not read the task cards — {error}.":
        "Не успях да прочета картите със задачи — {error}.",
    "I could not read the task cards, even after a retry — {error}.":
        "Не успях да прочета картите със задачи дори след повторен опит — {error}.",
    "I could not carry out {action} — {error}.": "Не успях да изпълня {action} — {error}.",
    "I could not carry out {action}, even after a retry — {error}.":
        "Не успях да изпълня {action} дори след повторен опит — {error}.",
    '{card} "{title}" ({group}) — {status}, blocked by {blockers}':
        '{card} „{title}“ ({group}) — {status}, блокирана от {blockers}',
    '{card} "{title}" ({group}) — {status}, blocked by nothing':
        '{card} „{title}“ ({group}) — {status}, не е блокирана от нищо',
    "nothing was checked": "нищо не е проверено",
    "{read} of {pages} page was read ({scanned} of {total} card file)":
        "прочетени страници: {read} от {pages} (файлове с карти: {scanned} от {total})",
    "{read} of {pages} page was read ({scanned} of {total} card files)":
        "прочетени страници: {read} от {pages} (файлове с карти: {scanned} от {total})",
    "{read} of {pages} pages was read ({scanned} of {total} card file)":
        "прочетени страници: {read} от {pages} (файлове с карти: {scanned} от {total})",
    "{read} of {pages} pages was read ({scanned} of {total} card files)":
        "прочетени страници: {read} от {pages} (файлове с карти: {scanned} от {total})",
    "{read} of {pages} pages were read ({scanned} of {total} card file)":
        "прочетени страници: {read} от {pages} (файлове с карти: {scanned} от {total})",
    "{read} of {pages} pages were read ({scanned} of {total} card files)":
        "прочетени страници: {read} от {pages} (файлове с карти: {scanned} от {total})",
    "{read} of {pages} page were read ({scanned} of {total} card file)":
        "прочетени страници: {read} от {pages} (файлове с карти: {scanned} от {total})",
    "{read} of {pages} page were read ({scanned} of {total} card files)":
        "прочетени страници: {read} от {pages} (файлове с карти: {scanned} от {total})",
    "same action twice": "същото действие два пъти",
    "token budget passed ({total} > {budget})":
        "бюджетът от токени е надминат ({total} > {budget})",
    "{count} card files ({files})": "{count} файла с карти ({files})",
    "{items} and {last}": "{items} и {last}",
    # --- argparse's own sentences and the command's error line (agentloop.cli) ---
    'the following arguments are required: {names}':
        'липсват задължителни аргументи: {names}',
    'unrecognized arguments: {arguments}':
        'непознати аргументи: {arguments}',
    'argument {name}: invalid choice: {value} (choose from {choices})':
        'аргумент {name}: недопустима стойност {value} (възможни: {choices})',
    'argument {name}: expected one argument':
        'аргумент {name}: очаква се една стойност',
    'argument {name}: not allowed with argument {other}':
        'аргумент {name}: не може заедно с аргумента {other}',
    'one of the arguments {names} is required':
        'нужен е един от аргументите {names}',
    'ambiguous option: {option} could match {matches}':
        'двусмислена опция: {option} съвпада с {matches}',
    'argument {name}: {problem}':
        'аргумент {name}: {problem}',
    'error: {problem}':
        'грешка: {problem}',
    # chapter 1's environment (agentloop.environment)
    'unknown scenario {scenario}; known scenarios: {known}':
        'непознат сценарий {scenario}; познати сценарии: {known}',
}
