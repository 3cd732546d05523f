"""Български каталог: думите на библиотеката (проверките на глава 1, джаджата, демото).

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
}
