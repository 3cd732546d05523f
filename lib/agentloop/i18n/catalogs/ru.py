"""Русский каталог: слова библиотеки (проверки глав 1–5; виджет и демо главы 1).

Ключ — английский шаблон в точности так, как его пишет библиотека; значение — перевод с
теми же полями {name}. Термины — из глоссария chapters/i18n/ru/glossary.json. Имена из
кода (`success`, `needs_input`, `error`, `limit`, `continue`, поля состояния) не
переводятся. Обращение к читателю — на «ты», как в исходных материалах.
"""

MESSAGES = {
    # --- the ✔/✘ lines of every check (agentloop.checks.core.Report.text) ---
    "hint: {hint}": "подсказка: {hint}",
    "{passed}/{total} cases passed: {verdict}": "пройдено случаев: {passed} из {total} — {verdict}",
    "all passed": "всё верно",
    "not yet": "пока нет",
    "{name} is the library's own answer to this exercise, withheld while your answer is "
    "checked: write your own":
        "{name} — готовый ответ самой библиотеки на это упражнение; пока проверяется твой "
        "ответ, он недоступен: напиши свой",
    "{name} is the library's own answer to this exercise: write your own":
        "{name} — готовый ответ самой библиотеки на это упражнение: напиши свой",
    # --- what a check says about an answer that gave nothing usable (checks.core) ---
    "the answer produced no usable results": "ответ не дал пригодных результатов",
    "the answer produced no usable result": "ответ не дал пригодного результата",
    "raised {error}": "выброшено исключение {error}",
    "raised an exception": "выброшено исключение",
    "the check's reference is broken ({problem})": "эталон проверки сломан ({problem})",
    "returned a value of the wrong shape ({problem})":
        "возвращено значение неподходящей формы ({problem})",
    "{where} is too large (more than {count} items)":
        "{where}: значение слишком велико (больше {count} элементов)",
    "{where} is nested more than {depth} levels deep":
        "{where}: вложенность глубже {depth} уровней",
    "{where} is {value}; only finite numbers are plain data":
        "{where} равно {value}; из чисел простыми данными считаются только конечные",
    "{where} is a text of {length} characters (at most {limit})":
        "{where}: текст из {length} символов (допустимо не больше {limit})",
    "{where} has a key of type {kind}; keys must be str":
        "{where}: ключ типа {kind}; ключи должны быть str",
    "{where} is a {module}.{kind}; expected plain data (None, bool, int, float, str, list or dict)":
        "{where} — это {module}.{kind}; ожидались простые данные (None, bool, int, float, str, "
        "list или dict)",
    # --- chapter 1's checks: titles (agentloop.checks.ch1) ---
    "decide() after a failed read, under the revised policy":
        "decide() после неудачного чтения, по обновлённой политике",
    "decide() after a read that worked, under the revised policy":
        "decide() после удачного чтения, по обновлённой политике",
    "decide() ignores the scenario name": "decide() не смотрит на имя сценария",
    "predict how each scripted run ends (terminal and step)":
        "предскажи, чем закончится каждый заданный запуск (терминал и шаг)",
    "the final message of a run, for each terminal":
        "итоговое сообщение запуска для каждого терминала",
    # --- the revised policy's rules ---
    "a failure marked retryable: false → error at once":
        "отказ с пометкой retryable: false → сразу error",
    "failures > max_retries → error, even on the last step":
        "failures > max_retries → error, даже на последнем шаге",
    "a failure with a retry left, on the last allowed step → limit":
        "отказ на последнем разрешённом шаге, когда повтор ещё есть → limit",
    "a failure with a retry and a step left → continue":
        "отказ, когда остались и повтор, и шаг → continue",
    "a finished search with exactly one different card → success, even on the last step":
        "завершённый поиск ровно с одной карточкой (повторы не в счёт) → success, даже на "
        "последнем шаге",
    "a finished search with no card or several different cards → needs_input":
        "завершённый поиск без карточек или с несколькими разными → needs_input",
    "an unfinished search on the last allowed step → limit":
        "незавершённый поиск на последнем разрешённом шаге → limit",
    "an unfinished search with steps left → continue":
        "незавершённый поиск, шаги ещё есть → continue",
    "the scenario name never changes the decision": "имя сценария никогда не меняет решения",
    "every run answered with a terminal and a step":
        "на каждый запуск дан ответ: терминал и шаг",
    "success names the card and says it was found; asks nothing":
        "при success названа карточка и сказано, что она найдена; вопросов нет",
    "needs_input names every candidate card and asks a question":
        "при needs_input названы все подходящие карточки и задан вопрос",
    "needs_input after an empty search says no card matched and asks":
        "при needs_input после пустого поиска сказано, что карточек нет, и задан вопрос",
    "error says reading failed, quotes the error and says nothing was found; no success "
    "words":
        "при error сказано, что прочитать не удалось, приведён текст ошибки и сказано, что "
        "ничего не найдено; слов об успехе нет",
    "limit says not every card was checked; names no candidate; no success words":
        "при limit сказано, что проверены не все карточки; кандидаты не названы; слов об "
        "успехе нет",
    "every message says how many actions the run used, and states no wrong number":
        "каждое сообщение называет число действий запуска и не содержит неверных чисел",
    # --- the cases a learner sees ---
    "first failure, a retry and steps left → continue":
        "первый отказ, есть и повтор, и шаги → continue",
    "retryable: true is an ordinary failure → continue":
        "retryable: true — обычный отказ → continue",
    "second failure with one retry allowed → error":
        "второй отказ при одном разрешённом повторе → error",
    "second failure on the last allowed step → error":
        "второй отказ на последнем разрешённом шаге → error",
    "first failure with no retries allowed → error":
        "первый отказ, когда повторы не разрешены → error",
    "first failure on the last allowed step → limit":
        "первый отказ на последнем разрешённом шаге → limit",
    "retryable: false with a retry left → error at once":
        "retryable: false, хотя повтор ещё есть → сразу error",
    "retryable: false on the last allowed step → error, not limit":
        "retryable: false на последнем разрешённом шаге → error, а не limit",
    "one card, no search_complete field (= finished) → success":
        "одна карточка, поля search_complete нет (= поиск завершён) → success",
    "one card, search_complete true, after a failure → success":
        "одна карточка, search_complete true, после отказа → success",
    "one card on the last allowed step → success":
        "одна карточка на последнем разрешённом шаге → success",
    "the same card listed twice is one card → success":
        "одна и та же карточка дважды — это одна карточка → success",
    "two different cards → needs_input": "две разные карточки → needs_input",
    "a finished search with no card → needs_input":
        "завершённый поиск без карточек → needs_input",
    "two cards on the last allowed step → needs_input":
        "две карточки на последнем разрешённом шаге → needs_input",
    "an unfinished page with one card, steps left → continue":
        "незавершённая страница с одной карточкой, шаги есть → continue",
    "an unfinished search, steps left → continue":
        "незавершённый поиск, шаги есть → continue",
    "an unfinished search on step 5 of 5 → limit":
        "незавершённый поиск на шаге 5 из 5 → limit",
    "one card on step 5, scenario called 'limit'":
        "одна карточка на шаге 5, сценарий называется 'limit'",
    "retryable: false, scenario 'temporary_error'":
        "retryable: false, сценарий 'temporary_error'",
    "one card listed twice, scenario 'two_matches'":
        "одна карточка указана дважды, сценарий 'two_matches'",
    "unfinished page, scenario 'permanent_error'":
        "незавершённая страница, сценарий 'permanent_error'",
    "run {run} is answered": "на запуск {run} дан ответ",
    "success with task-003 after 1 action": "success с task-003 после 1 действия",
    "success on the retry, after a failed read":
        "success с повторной попытки, после неудачного чтения",
    "success: one card listed twice": "success: одна карточка указана дважды",
    "needs_input with two cards": "needs_input с двумя карточками",
    "needs_input with no card": "needs_input без карточек",
    "error after the retry failed too": "error: повтор тоже не удался",
    "error with no retry allowed": "error без права на повтор",
    "limit on step 5 of 5": "limit на шаге 5 из 5",
    "limit: a first failure on the last step": "limit: первый отказ на последнем шаге",
    "limit on step 2 of 2 (another count)": "limit на шаге 2 из 2 (другое число действий)",
    # --- the cases only the grader adds (agentloop_grader.answers.ch1) ---
    "generated state {number}": "сгенерированное состояние {number}",
    "state {number} as {scenario}": "состояние {number} в сценарии {scenario}",
    "run {run}": "запуск {run}",
    "generated final state {number}: {terminal}":
        "сгенерированное итоговое состояние {number}: {terminal}",
    "generated empty search {number}": "сгенерированный пустой поиск {number}",
    # --- hints ---
    "A failure is judged first: retryable false → error at once; then error once failures "
    "> max_retries; otherwise the step limit still applies before you continue.":
        "Отказ оценивается первым: retryable false → сразу error; затем error, как только "
        "failures > max_retries; иначе, прежде чем продолжать, проверь ещё предел шагов.",
    "A finished search (search_complete true or missing) is judged by how many different "
    "cards it found, even on the last step; only an unfinished search is stopped by the step "
    "limit.":
        "Завершённый поиск (search_complete равно true или поля нет) оценивается по числу "
        "разных найденных карточек — даже на последнем шаге; пределом шагов останавливается "
        "только незавершённый поиск.",
    "Same observation + counters + limits must give the same decision: never read "
    "state['scenario'].":
        "Одинаковые наблюдение, счётчики и пределы дают одинаковое решение: никогда не читай "
        "state['scenario'].",
    "Play each run step by step: add 1 to steps (and to failures after a failed read), then "
    "apply the revised rules in order; stop at the first terminal.":
        "Проиграй каждый запуск по шагам: прибавь 1 к steps (и к failures после неудачного "
        "чтения), затем примени обновлённые правила по порядку; остановись на первом "
        "терминале.",
    "Branch on state['terminal']; use state['steps'] and state['observation'] (its matches or "
    "its error). Each terminal has its must and must-not list in the chapter.":
        "Ветвись по state['terminal']; бери state['steps'] и state['observation'] (его matches "
        "или error). Для каждого терминала в главе есть список «должно» и «нельзя». Сообщение "
        "пиши по-английски: правила проверки читают английские слова.",
    # --- why an answer is wrong ---
    "expected {expected}, got {output} (rule: {rule})":
        "ожидалось {expected}, получено {output} (правило: {rule})",
    "answer {output}: write a pair (terminal, step), e.g. ('limit', 3)":
        "ответ {output}: запиши пару (терминал, шаг), например ('limit', 3)",
    "{terminal} is not a terminal ({terminals})": "{terminal} — не терминал ({terminals})",
    "step {step} is not a step this run can end on (1 to {max_steps})":
        "на шаге {step} этот запуск закончиться не может (только от 1 до {max_steps})",
    "{answer} is not how run {run} ends": "запуск {run} заканчивается не так: {answer}",
    "every run is answered in the right form, but not every answer is how its run ends: play "
    "each run again, step by step (which ones are wrong is not said: that would give them "
    "away)":
        "на каждый запуск ответ дан в нужной форме, но не каждый ответ совпадает с тем, чем "
        "запуск заканчивается: проиграй каждый запуск ещё раз, шаг за шагом (какие ответы "
        "неверны, не сообщается — иначе это их выдало бы)",
    "expected a non-empty str, got {output}": "ожидалась непустая строка str, получено {output}",
    "keep the message under 300 characters: a person has to read it":
        "уложи сообщение в 300 символов: его будет читать человек",
    "say how many actions the run used ({steps}), as a number":
        "назови числом, сколько действий сделал запуск ({steps})",
    "the message says {number}, which is none of this run's counts or limits":
        "в сообщении есть число {number}, а такого счётчика или предела у этого запуска нет",
    "a success message names the card found ({card})":
        "сообщение об успехе называет найденную карточку ({card})",
    "say that the card was found (use the word 'found')":
        "скажи, что карточка найдена (словом 'found')",
    "after success there is nothing to ask: no question mark":
        "после success спрашивать не о чем: вопросительный знак не нужен",
    "a success message must not say that nothing was found or not all was checked":
        "сообщение об успехе не должно говорить, что ничего не найдено или что проверено не всё",
    "no read failed in this run: do not say one did":
        "в этом запуске ни одно чтение не сорвалось: не пиши, что сорвалось",
    "the person must see every candidate card; missing {cards}":
        "человек должен увидеть все подходящие карточки; не хватает: {cards}",
    "say that no card matched (e.g. 'no card matches')":
        "скажи, что ни одна карточка не подошла (например, 'no card matches')",
    "needs_input asks the person something: ask a question (with '?')":
        "при needs_input человеку задают вопрос: спроси (со знаком '?')",
    "nothing was chosen or solved, but the message says {words}":
        "ничего не выбрано и не решено, а в сообщении сказано {words}",
    "the search finished: do not say that cards were left unchecked":
        "поиск завершён: не пиши, что какие-то карточки остались непроверенными",
    "after {terminal} nothing was achieved, but the message says {words}":
        "после {terminal} ничего не достигнуто, а в сообщении сказано {words}",
    "after {terminal} no card was found: do not say 'found' (only 'nothing found')":
        "после {terminal} карточка не найдена: не пиши 'found' (только 'nothing found')",
    "after {terminal} not everything was checked, but the message claims it was":
        "после {terminal} проверено не всё, а сообщение утверждает обратное",
    "say that reading failed (e.g. 'could not read the cards')":
        "скажи, что прочитать не удалось (например, 'could not read the cards')",
    "say what went wrong: quote the error ({error})":
        "скажи, что пошло не так: приведи текст ошибки ({error})",
    "say that nothing was found or decided": "скажи, что ничего не найдено и ничего не решено",
    "no card was found after error: name no card":
        "после error карточка не найдена: не называй никаких карточек",
    "say that the search stopped before every card was checked":
        "скажи, что поиск остановился, не проверив всех карточек",
    "{card} is only on the last page read, not a result: do not name it":
        "{card} есть только на последней прочитанной странице, это не результат: не называй её",
    "the reads worked in this run: do not say reading failed":
        "в этом запуске чтения удались: не пиши, что прочитать не удалось",
    "the state's terminal {terminal} is not one of {terminals}":
        "терминал в состоянии, {terminal}, не из списка {terminals}",
    # --- what a person is told when a run ends (agentloop.terminal_messages) ---
    "Found it: the card is {card}.": "Нашёл: это карточка {card}.",
    "I searched the whole board and no card matches. Which task do you mean?":
        "Я просмотрел всю доску задач, и ни одна карточка не подходит. Какую задачу ты "
        "имеешь в виду?",
    "Several cards match: {cards}. Which one do you mean?":
        "Подходят несколько карточек: {cards}. Какую из них ты имеешь в виду?",
    "I could not read the task cards, so no card was found and nothing was decided.":
        "Мне не удалось прочитать карточки задач, поэтому ни одна карточка не найдена и "
        "ничего не решено.",
    "I ran out of allowed steps before the search ended: not all cards were checked.":
        "Разрешённые шаги кончились раньше, чем поиск: проверены не все карточки.",
    # --- agentloop loop / agentloop run (agentloop.commands.loop, agentloop.stop_policy) ---
    "step: {step}": "шаг: {step}",
    "state: {phase}": "состояние: {phase}",
    "action: {action}": "действие: {action}",
    "observation: {observation}": "наблюдение: {observation}",
    "decision: {decision}": "решение: {decision}",
    "config: {folder}": "config: {folder}",
    "model: replay (the authors' recorded route, not a live model)":
        "model: replay (маршрут, заранее записанный авторами, а не живая модель)",
    "scenario: {scenario}": "scenario: {scenario}",
    "stop_policy: max_steps {max_steps}, max_retries {max_retries}":
        "stop_policy: max_steps {max_steps}, max_retries {max_retries}",
    "Step {step} | {action} | {decision}": "Шаг {step} | {action} | {decision}",
    "Stop: {decision}": "Остановка: {decision}",
    "A replay proves nothing about how a live model would behave.":
        "Воспроизведение ничего не говорит о том, как повела бы себя живая модель.",
    "{folder} is not a folder; pass the folder that holds {file}":
        "{folder} — не папка; укажи папку, в которой лежит {file}",
    "no {file} in {folder}": "в {folder} нет {file}",
    "{path} is not valid JSON: {problem} at line {line}":
        "{path} — некорректный JSON: {problem} в строке {line}",
    "{path} must hold a JSON object with max_steps and max_retries":
        "в {path} должен быть JSON-объект с max_steps и max_retries",
    "{path}: unknown keys {keys}; allowed: max_steps, max_retries":
        "{path}: неизвестные ключи {keys}; допустимы max_steps и max_retries",
    "{path}: missing {keys}": "{path}: не хватает {keys}",
    "{path} is a folder; {file} must be a file of JSON":
        "{path} — папка, а {file} должен быть файлом JSON",
    "{path} is not UTF-8 text": "{path} — не текст в кодировке UTF-8",
    "cannot read {path}: {problem}": "не удаётся прочитать {path}: {problem}",
    "{option} needs a workspace: {folder} has no agent.json, only chapter 1's stop policy":
        "{option} работает только с рабочей папкой агента: в {folder} нет agent.json, только "
        "политика остановки главы 1",
    # --- the loop explorer (agentloop.widgets.ch1_loop) ---
    "step": "шаг",
    "action": "действие",
    "observation": "наблюдение",
    "failures": "отказы",
    "decision": "решение",
    "scenario": "сценарий",
    "first step": "первый шаг",
    "next step": "следующий шаг",
    "whole run": "весь запуск",
    "showing step {shown} of {total}: the run goes on":
        "показан шаг {shown} из {total}: запуск продолжается",
    "terminal: {terminal} after 1 step; message: {message}":
        "терминал: {terminal}, шагов: 1; сообщение: {message}",
    "terminal: {terminal} after {total} steps; message: {message}":
        "терминал: {terminal}, шагов: {total}; сообщение: {message}",
    # --- a translated notebook's own cells (tools/translations.py) ---
    "Library messages (checks, the explorer, the demos) in this notebook's language":
        "Сообщения библиотеки (проверки, виджет, демо) — по-русски",
    "This cell's translation is out of date: its English text changed, and is shown here "
    "until the translation is updated.":
        "Перевод этой ячейки устарел: английский текст изменился, и, пока перевод не "
        "обновлён, здесь показан английский оригинал.",
    "This cell is not translated yet: its English text is shown here.":
        "Эта ячейка ещё не переведена: здесь показан английский текст.",
    # --- a check cell in practice: steps of a hint, a blank answer (checks.core, practice) ---
    "{count} cases fail the same way: {reason}":
        "не проходят одинаково (случаев: {count}): {reason}",
    "hint {number} of {total}: {hint}": "подсказка {number} из {total}: {hint}",
    "no hints left: the last one is a nudge, not the answer":
        "подсказок больше нет: последняя лишь подталкивает, ответа в ней нет",
    "1 more hint: press Hint": "есть ещё 1 подсказка: нажми «Подсказка»",
    "{count} more hints: press Hint": "есть ещё подсказки ({count}): нажми «Подсказка»",
    "expected {expected}, got {output}": "ожидалось {expected}, получено {output}",
    "not answered yet — write `{name}` above":
        "ответа пока нет — напиши `{name}` в ячейке выше",
    "not answered yet — write `{name}` here, in place of `{stub}`":
        "ответа пока нет — напиши `{name}` здесь, вместо `{stub}`",
    "not answered yet — write your answer here, in place of `{stub}`":
        "ответа пока нет — напиши свой ответ здесь, вместо `{stub}`",
    "not answered yet — this cell runs `{name}`, which you write above":
        "ответа пока нет — эта ячейка запускает `{name}`, а его пишешь ты, в ячейке выше",
    # --- the buttons under a check (agentloop.practice.panel) ---
    "Hint": "Подсказка",
    "Hint (after your first try)": "Подсказка (после первой попытки)",
    "No hints left": "Подсказок больше нет",
    "Hint ({count} of {total} left)": "Подсказка (осталось {count} из {total})",
    "Solution": "Решение",
    "Solution (seen)": "Решение (уже открыто)",
    "Solution (locked)": "Решение (закрыто)",
    "Your answer solved the exercise: compare it with the course's":
        "Твой ответ решил упражнение: сравни его с ответом курса",
    "You looked before passing: the progress says so":
        "Решение открыто до прохождения проверок: в прогрессе это отмечено",
    "Locked until your answer solves the exercise":
        "Закрыто, пока твой ответ не решит упражнение",
    "chapter: {passed} of {total} checks passed": "глава: пройдено проверок — {passed} из {total}",
    "(Hint, Solution and this chapter's progress are buttons: run the cell to see them)":
        "(«Подсказка», «Решение» и прогресс по главе — это кнопки: выполни ячейку, чтобы их "
        "увидеть)",
    # --- solved, locked, shown anyway (agentloop.practice.solutions) ---
    "every check of {exercise} passed (the course has no answer to show)":
        "все проверки {exercise} пройдены (ответа, который можно показать, у курса нет)",
    "every check of {exercise} passed, but {problem}":
        "все проверки {exercise} пройдены, но {problem}",
    "every listed case of {exercise} passes, but your answer does not yet give the right "
    "output on every case the course has (which ones is not said: finding them is the "
    "exercise). Read the rules in the hints again; the exercise is solved, and its reference "
    "answer opens, once it does.":
        "все показанные случаи {exercise} проходят, но на некоторых случаях курса твой ответ "
        "пока даёт неверный результат (на каких — не говорится: найти их и есть упражнение). "
        "Перечитай правила в подсказках: как только ответ справится со всеми, упражнение будет "
        "решено и ответ курса откроется.",
    "exercise {exercise} solved: every listed case passes. It is judged by rules alone, so its "
    "example answer is locked with a key anyone can make (it proves nothing). Compare yours "
    "with it: Solution, below, or `solution(\"{exercise}\")`":
        "упражнение {exercise} решено: все показанные случаи проходят. Его проверяют только по "
        "правилам, поэтому пример ответа закрыт ключом, который может сделать кто угодно (это "
        "ничего не доказывает). Сравни свой ответ с ним: кнопка «Решение» ниже или "
        "`solution(\"{exercise}\")`",
    "exercise {exercise} solved: your answer also gives the right output on cases it has never "
    "seen, which opened the course's answer. Compare yours with it: Solution, below, or "
    "`solution(\"{exercise}\")`":
        "упражнение {exercise} решено: твой ответ верен и на случаях, которые тебе не "
        "показывали, — это и открыло ответ курса. Сравни свой ответ с ним: кнопка «Решение» "
        "ниже или `solution(\"{exercise}\")`",
    "Reference answer for {exercise} (chapter {chapter}), shown {when}, from the instructor "
    "notebook {source}:":
        "Ответ курса на {exercise} (глава {chapter}), показан {when}, из блокнота "
        "преподавателя {source}:",
    "Reference answer for {exercise} (chapter {chapter}), shown {when}:":
        "Ответ курса на {exercise} (глава {chapter}), показан {when}:",
    "(Your answer was not found: run your answer cell, then this again.)":
        "(Твой ответ не найден: выполни ячейку с ответом, а потом эту ещё раз.)",
    "Yours and the reference, line by line (- yours, + reference):":
        "Твой ответ и ответ курса, строка за строкой (- твой, + курса):",
    "Your answer is the same as the reference, line for line.":
        "Твой ответ совпадает с ответом курса строка в строку.",
    "Both can be right: the checks, not this text, say whether yours is.":
        "Верными могут быть оба: верен ли твой, говорят проверки, а не этот текст.",
    "(not found: run your answer cell, then this again)":
        "(не найден: выполни ячейку с ответом, а потом эту ещё раз)",
    "yours": "твой",
    "reference": "курса",
    "{exercise}: this copy of the course holds its reference answer sealed until your answer "
    "solves the exercise, and no instructor notebook, so nothing is shown here. The reference "
    "is in the course's repository: {where}. (Your progress notes that you asked for it "
    "{when}.)":
        "{exercise}: в этой копии курса ответ закрыт, пока твой ответ не решит упражнение, а "
        "блокнота преподавателя здесь нет, поэтому показать нечего. Ответ курса лежит в его "
        "репозитории: {where}. (В прогрессе отмечено, что он запрошен {when}.)",
    "{exercise}: every listed case passes, but your answer does not yet give the right output "
    "on every case the course has, so its reference answer stays locked. Read the rules in "
    "the hints again.":
        "{exercise}: все показанные случаи проходят, но на некоторых случаях курса твой ответ "
        "пока неверен, поэтому ответ курса остаётся закрытым. Перечитай правила в подсказках.",
    "{exercise}: not every check has passed yet ({checks}). Trying a little longer is worth "
    "it: each ✘ says why, and Hint opens a hint step by step.":
        "{exercise}: пройдены ещё не все проверки ({checks}). Стоит попробовать ещё немного: "
        "каждый ✘ объясняет причину, а «Подсказка» открывает подсказку шаг за шагом.",
    "To see the reference answer anyway (noted as seen before passing): "
    "`solution(\"{exercise}\", confirm=True)`":
        "Посмотреть ответ курса всё равно (в прогрессе будет отмечено, что до прохождения): "
        "`solution(\"{exercise}\", confirm=True)`",
    "Show me anyway…": "Всё равно показать…",
    "Yes, show it": "Да, показать",
    "No, I keep trying": "Нет, попробую ещё",
    "Sure? You will see the reference answer before your answer solves the exercise, and your "
    "progress will say so.":
        "Точно? Ты увидишь ответ курса раньше, чем твой ответ решит упражнение, и в прогрессе "
        "это будет отмечено.",
    "after passing": "после прохождения",
    "before passing": "до прохождения",
    # --- the progress page and `agentloop progress` (agentloop.practice.tracking) ---
    "{passed} of {total} checks passed, {tried} tried, {not_started} not started; {solved} of "
    "{exercises} exercises solved":
        "проверок пройдено: {passed} из {total}, с попытками: {tried}, не начато: "
        "{not_started}; упражнений решено: {solved} из {exercises}",
    "passed": "пройдено",
    "tried": "есть попытка",
    "not started": "не начато",
    "No exercises found: this is not a practice workspace (run ./course lab once).":
        "Упражнения не найдены: это не рабочая папка курса (один раз запусти ./course lab).",
    "Your progress: {summary}": "Твой прогресс: {summary}",
    "(solution seen {when})": "(решение открыто {when})",
    "{exercise} solved": "{exercise} решено",
    "Your progress:": "Твой прогресс:",
    "status": "состояние",
    "check": "проверка",
    "what it checks": "что проверяет",
    "exercise": "упражнение",
    "solution": "решение",
    "solved": "решено",
    "seen {when}": "открыто {when}",
    # --- the start page (agentloop.practice.start) ---
    "Start here": "С чего начать",
    "This is your own copy of the course: five chapters on how an AI agent loop works, each "
    "with a few exercises. It runs on your computer, or in your browser, and sends nothing "
    "anywhere.":
        "Это твоя собственная копия курса: пять глав о том, как устроен агентный цикл ИИ, в "
        "каждой — несколько упражнений. Всё работает на твоём компьютере или прямо в браузере "
        "и ничего никуда не отправляет.",
    "The chapters": "Главы",
    "Your progress": "Твой прогресс",
    "[Your progress]({page}) lists every exercise of every chapter: passed, tried or not "
    "started, and ★ solved. It fills itself in when you open it. Under every check, a bar "
    "shows how far you are in that chapter.":
        "На странице [«Твой прогресс»]({page}) перечислены все упражнения всех глав: пройдено, "
        "есть попытка или не начато, и ★ решено. Она заполняется сама, когда ты её "
        "открываешь. Под каждой проверкой полоска показывает, сколько пройдено в этой главе.",
    "How an exercise works": "Как устроено упражнение",
    "Write your code in the answer cell, in place of `raise NotImplementedError()`.":
        "Напиши свой код в ячейке ответа вместо `raise NotImplementedError()`.",
    "Run the check cell below it (Shift+Enter). It lists the rules your answer must follow, ✔ "
    "or ✘, with each failing case under its rule. An answer not written yet gets one calm "
    "line: not answered yet.":
        "Выполни ячейку проверки под ней (Shift+Enter). Она перечисляет правила, которым должен "
        "следовать ответ, с ✔ или ✘, и под каждым правилом — случаи, которые не прошли. Если "
        "ответ ещё не написан, будет одна спокойная строка: ответа пока нет.",
    "Stuck? After your first try, **Hint** under the check opens a hint, one step at a time; a "
    "run that fails opens the next step too. The last step is a nudge, never the answer.":
        "Не получается? После первой попытки кнопка **«Подсказка»** под проверкой открывает "
        "подсказку по одному шагу; неудачный запуск проверки тоже открывает следующий шаг. "
        "Последний шаг лишь подталкивает — ответа в нём нет.",
    "Once every check of an exercise passes, your answer is also tried on cases you have not "
    "seen. If it is right there too, the exercise is ★ solved, and **Solution** shows the "
    "course's answer next to yours.":
        "Когда пройдены все проверки упражнения, твой ответ испытывают ещё и на случаях, "
        "которые тебе не показывали. Если и там он верен, упражнение ★ решено, и кнопка "
        "**«Решение»** показывает ответ курса рядом с твоим.",
    "Before that, **Solution (locked)** asks you first. If you look anyway, your progress says "
    "so (seen before passing): trying a little longer is usually worth it.":
        "До этого кнопка **«Решение (закрыто)»** сначала переспросит. Если всё же заглянешь, в "
        "прогрессе это будет отмечено (открыто до прохождения): обычно стоит попробовать ещё "
        "немного.",
    # --- the progress page's text (agentloop_grader.learner_release) ---
    "Every exercise of every chapter, with the state of each of its checks: **passed** (the "
    "latest run of the check passed), **tried** (you ran it on an answer of yours and some "
    "case failed) or **not started**. Every `check(\"…\")` you run in a chapter updates it; "
    "this page fills itself in when you open it, or run the cell below again. In a terminal, "
    "`agentloop progress` prints the same.":
        "Все упражнения всех глав и состояние каждой их проверки: **пройдено** (последний "
        "запуск проверки прошёл), **есть попытка** (ты запускал её на своём ответе, и какой-то "
        "случай не прошёл) или **не начато**. Каждый `check(\"…\")`, запущенный в главе, "
        "обновляет эту страницу; она заполняется сама, когда ты её открываешь, — или выполни "
        "ячейку ниже ещё раз. В терминале то же самое печатает `agentloop progress`.",
    "An exercise is **★ solved** when all its checks pass *and* your answer also gives the "
    "right output on cases you have not seen. Then **Solution** under its check (or "
    "`solution(\"<exercise id>\")`) shows the course's answer next to yours; before that it "
    "asks you first, and your progress notes that you looked.":
        "Упражнение **★ решено**, когда проходят все его проверки *и* твой ответ даёт верный "
        "результат ещё и на случаях, которых ты не видел. Тогда кнопка **«Решение»** под "
        "проверкой (или `solution(\"<exercise id>\")`) показывает ответ курса рядом с твоим; "
        "до этого она сначала переспросит, а в прогрессе будет отмечено, что ты заглянул.",
    "Good to know": "Полезно знать",
    "Run All (the Run menu) runs a whole chapter, blank exercises included.":
        "Run All (меню Run) выполняет всю главу, в том числе пустые упражнения.",
    "Your work is yours: save it as you go; an update of the course never overwrites it.":
        "Твоя работа принадлежит тебе: сохраняй её по ходу дела; обновление курса её никогда "
        "не перезаписывает.",
    "A widget needs its cell run again after a restart: until then it shows its text.":
        "После перезапуска виджету нужно снова выполнить его ячейку: до тех пор он показывает "
        "свой текст.",
    # --- chapter 1's hints, step by step (agentloop.checks.ch1.HINTS) ---
    "A failed read is judged before anything else, by three rules in a fixed order: the "
    "`retryable` mark, then the failure count, then the step limit.":
        "Неудачное чтение оценивается раньше всего остального, по трём правилам в строгом "
        "порядке: сначала пометка `retryable`, потом число отказов, потом предел шагов.",
    "`retryable: false` is `error` at once, even with a retry left and even on the last step; "
    "a failure without the field, or with `true`, is `error` only once failures > "
    "max_retries.":
        "`retryable: false` — это сразу `error`, даже если повтор ещё есть и даже на последнем "
        "шаге; отказ без этого поля или с `true` становится `error`, только когда failures > "
        "max_retries.",
    "Only a failure that neither rule ends meets the step limit. Take the first ✘ case and "
    "walk it through your code by hand, line by line: which rule answers first?":
        "Только до отказа, который не остановило ни одно из этих правил, доходит предел шагов. "
        "Возьми первый случай с ✘ и пройди его по своему коду вручную, строка за строкой: "
        "какое правило отвечает первым?",
    "A read that worked is judged by whether its search is finished: `search_complete` true, "
    "or missing, means finished.":
        "Удачное чтение оценивается по тому, завершён ли поиск: `search_complete` равно true "
        "или поля нет — значит, завершён.",
    "A finished search is judged by its different cards, even on the last step: the same card "
    "listed twice is one card.":
        "Завершённый поиск оценивается по числу разных карточек, даже на последнем шаге: одна "
        "и та же карточка, указанная дважды, — это одна карточка.",
    "Only an unfinished search meets the step limit. For the first ✘ case, print how many "
    "different cards it has and whether its search is finished, then read the rule again.":
        "Предел шагов касается только незавершённого поиска. Для первого случая с ✘ выведи, "
        "сколько в нём разных карточек и завершён ли поиск, а потом перечитай правило.",
    "These cases have the observation, counters and limits of cases you already pass, with "
    "another `state['scenario']`.":
        "У этих случаев те же наблюдение, счётчики и пределы, что и у случаев, которые у тебя "
        "уже проходят, но другое `state['scenario']`.",
    "The decision comes from the observation, `steps`, `failures`, `max_steps` and "
    "`max_retries` alone.":
        "Решение зависит только от наблюдения, `steps`, `failures`, `max_steps` и "
        "`max_retries`.",
    "Look through your code for every place it reads the scenario's name.":
        "Найди в своём коде все места, где читается имя сценария.",
    "First the form: every run answered with a pair (terminal, step), on a step the run can "
    "end on.":
        "Сначала форма: на каждый запуск — пара (терминал, шаг), и на этом шаге запуск "
        "действительно может закончиться.",
    "Play a run on paper, one observation a step: add 1 to `steps` (and to `failures` after a "
    "failed read), then let the revised rules decide; the first terminal ends the run.":
        "Проиграй запуск на бумаге, по наблюдению за шаг: прибавь 1 к `steps` (и к `failures` "
        "после неудачного чтения), а потом пусть решат обновлённые правила; первый же терминал "
        "заканчивает запуск.",
    "Check your table with your own `decide` from exercise 1, run by run: the library's "
    "`decide` follows the first policy and gives other answers.":
        "Проверь свою таблицу своим же `decide` из упражнения 1, запуск за запуском: `decide` "
        "библиотеки следует первой политике и даёт другие ответы.",
    "Each terminal has its own row of must and must-not in the chapter's table; the ✘ line "
    "names the rule your message breaks.":
        "У каждого терминала своя строка «должно» и «нельзя» в таблице главы; строка с ✘ "
        "называет правило, которое нарушает твоё сообщение.",
    "Every message says how many actions the run used, as a number, and no number that is not "
    "one of the run's counts or limits.":
        "Каждое сообщение называет числом, сколько действий сделал запуск, и не содержит "
        "чисел, которых нет среди счётчиков и пределов запуска.",
    "Take the cards and the error text from `state['observation']`, each different card once, "
    "then read your message for the ✘ case against its row of the table.":
        "Карточки и текст ошибки бери из `state['observation']`, каждую разную карточку — "
        "один раз; потом сверь сообщение для случая с ✘ с его строкой таблицы. Пиши сообщение "
        "по-английски: правила проверки читают английские слова.",
    # === chapter 2 (agentloop.checks.ch2, agentloop_grader.answers.ch2) ===
    # --- chapter 2's checks: hints, step by step (agentloop.checks.ch2.HINTS) ---
    "The rules run in the lesson's order and the first one that fails gives the code: each ✘ "
    "line says which code the case expects and which one you gave.":
        "Правила применяются в порядке урока, и код даёт первое нарушенное правило: каждая "
        "строка с ✘ говорит, какой код ожидает случай и какой дал ты.",
    "The two new rules have their places: `why` (a text of 1 to 200 characters, not an extra "
    "field) comes after the fields are known to be right and before the tool is looked up; "
    "`last_step` comes after every other rule of a tool call.":
        "У двух новых правил свои места: `why` (текст от 1 до 200 символов, а не лишнее поле) "
        "проверяется после того, как известно, что поля в порядке, и до поиска инструмента; "
        "`last_step` — после всех остальных правил для вызова инструмента.",
    "Take the first ✘ case and find which of your checks answers first on it. A value of any "
    "type must never crash your code: look at a value's type before its length or size, and "
    "remember that `True` is not an int.":
        "Возьми первый случай с ✘ и найди, какая из твоих проверок срабатывает на нём первой. "
        "Значение любого типа не должно ронять твой код: смотри на тип значения раньше, чем на "
        "его длину или величину, и помни, что `True` — не int.",
    "These cases weigh the run: the requested key (scope), the steps left, and what was "
    "observed.":
        "Эти случаи взвешивают запуск: запрошенный ключ (привязка к запросу), оставшиеся шаги и "
        "то, что наблюдалось.",
    "A tool call that would use the run's last step is `last_step`, but only once every other "
    "rule of a tool call passed, scope included; a final answer may use the last step.":
        "Вызов инструмента, который занял бы последний шаг запуска, — это `last_step`, но только "
        "когда пройдены все остальные правила вызова инструмента, включая привязку к запросу; "
        "итоговый ответ последний шаг занять может.",
    "A final answer needs an observation and must equal the last result exactly, `None` "
    "included. For the arbitrary dicts: whatever you are given, return `None` or raise "
    "`ProposalRejected` — never another exception.":
        "Итоговому ответу нужно наблюдение, и он должен в точности совпадать с последним "
        "результатом, включая `None`. Для произвольных словарей: что бы тебе ни дали, верни "
        "`None` или выброси `ProposalRejected` — и никогда другое исключение.",
    "The controller checks every proposal against your tool's schema before the tool runs: "
    "the check hands it bad limits and expects the controller to refuse them.":
        "Контроллер сверяет каждое предложение со схемой твоего инструмента до того, как "
        "инструмент выполнится: проверка подаёт ему плохие `limit` и ждёт, что контроллер их "
        "отклонит.",
    "So the type and both bounds of `limit` belong in the schema; a check inside your "
    "function comes too late for the controller.":
        "Поэтому тип и обе границы `limit` должны быть в схеме; проверка внутри твоей функции "
        "для контроллера запаздывает.",
    "Your tool must use the catalogue `add_list_keys` was given. Try it on a small catalogue "
    "of your own with a limit of 1, then with the largest limit allowed.":
        "Твой инструмент должен пользоваться тем каталогом, который получила `add_list_keys`. "
        "Попробуй его на собственном маленьком каталоге с `limit`, равным 1, а потом с "
        "наибольшим допустимым.",
    "A planner proposes one step at a time: what it proposes depends on whether anything was "
    "observed yet.":
        "Планировщик предлагает по одному шагу: что он предлагает, зависит от того, наблюдалось "
        "ли уже что-нибудь.",
    "Nothing observed yet: the cards say which tools this desk has, and the card of "
    "`top_topics` says how many topics it shows at once.":
        "Пока ничего не наблюдалось: карточки говорят, какие инструменты есть в этой справочной, "
        "а карточка `top_topics` — сколько тем он показывает за раз.",
    "Something observed: a final answer must equal the last result exactly, whatever it is. "
    "Print the proposals your planner makes on the ✘ desk, one step at a time.":
        "Что-то уже наблюдалось: итоговый ответ должен в точности совпадать с последним "
        "результатом, каким бы тот ни был. Напечатай предложения, которые твой планировщик "
        "делает в справочной с ✘, по одному шагу.",
    # --- chapter 2's checks: titles and what each case tests (agentloop.checks.ch2) ---
    "validate_proposal() refuses a malformed proposal (revised rules)":
        "validate_proposal() отклоняет неправильно оформленное предложение (обновлённые "
        "правила)",
    "In order: a dict; type tool/final; exactly the fields of that type (plus an optional "
    "why); why a text of 1 to 200 characters; a registered tool; args a dict; its arguments "
    "(missing, extra, type and bounds); scope; the last step; then a final answer needs an "
    "observation and must equal the last result.":
        "По порядку: словарь; type — tool или final; ровно поля этого типа (плюс необязательное "
        "why); why — текст от 1 до 200 символов; зарегистрированный инструмент; args — "
        "словарь; его аргументы (отсутствующие, лишние, тип и границы); привязка к запросу; "
        "последний шаг; затем итоговому ответу нужно наблюдение, и он должен совпадать с "
        "последним результатом.",
    "accepted: a valid proposal returns None":
        "accepted: на допустимое предложение возвращается None",
    "not_a_dict: the proposal is not a dict (JSON text is not one either)":
        "not_a_dict: предложение — не словарь (текст JSON — тоже не словарь)",
    "unknown_type: type is missing or not 'tool' / 'final'":
        "unknown_type: type нет или он не 'tool' / 'final'",
    "missing_field: a field of that type is absent":
        "missing_field: нет поля, которое нужно этому типу",
    "extra_field: a field that type does not have (why is allowed)":
        "extra_field: поле, которого у этого типа нет (why разрешено)",
    "bad_field: why is not a text of 1 to 200 characters":
        "bad_field: why — не текст от 1 до 200 символов",
    "unknown_tool: name is not a registered tool":
        "unknown_tool: name — не зарегистрированный инструмент",
    "bad_argument: args is not a dict, or a value has the wrong type or bounds":
        "bad_argument: args — не словарь или у значения неверный тип или границы",
    "missing_argument: an argument of the schema is absent":
        "missing_argument: нет аргумента из схемы",
    "extra_argument: an argument the schema does not have":
        "extra_argument: аргумент, которого в схеме нет",
    "out_of_scope: a scoped argument is not the requested key":
        "out_of_scope: привязанный к запросу аргумент — не запрошенный ключ",
    "last_step: a tool call that would use the run's last step":
        "last_step: вызов инструмента, который занял бы последний шаг запуска",
    "final_without_observation: a final answer before any tool ran":
        "final_without_observation: итоговый ответ раньше, чем выполнился хоть один "
        "инструмент",
    "final_mismatch: the answer differs from the last tool result":
        "final_mismatch: ответ отличается от последнего результата инструмента",
    "an arbitrary dict: refused with one of the codes, or accepted only if valid":
        "произвольный словарь: отклонён с одним из кодов или принят, только если допустим",
    "a well-formed lookup of the requested key → accepted":
        "правильно оформленный lookup запрошенного ключа → accepted",
    "JSON text, not a dict → not_a_dict": "текст JSON, а не словарь → not_a_dict",
    "type 'shell' → unknown_type": "type 'shell' → unknown_type",
    "type ['tool'], a list → unknown_type": "type ['tool'], список → unknown_type",
    "no args → missing_field": "нет args → missing_field",
    "an extra 'reason' field → extra_field": "лишнее поле 'reason' → extra_field",
    "a lookup with a short why note → accepted":
        "lookup с коротким пояснением why → accepted",
    "a final answer with a why note → accepted":
        "итоговый ответ с пояснением why → accepted",
    "why is 42, not a text → bad_field": "why равно 42, а не текст → bad_field",
    "an empty why → bad_field": "пустое why → bad_field",
    "a why of 201 characters → bad_field": "why из 201 символа → bad_field",
    "a why of exactly 200 characters → accepted": "why ровно из 200 символов → accepted",
    "an extra field and a bad why → extra_field (fields first)":
        "лишнее поле и плохое why → extra_field (сначала поля)",
    "a bad why and a bad key → bad_field (the note first)":
        "плохое why и плохой ключ → bad_field (сначала пояснение)",
    "tool 'python' with why a list → bad_field (the note before the tool)":
        "инструмент 'python' и why-список → bad_field (пояснение раньше инструмента)",
    "tool 'python' → unknown_tool": "инструмент 'python' → unknown_tool",
    "no key → missing_argument": "нет key → missing_argument",
    "args {'k': 'ai'} → missing_argument (missing before extra)":
        "args {'k': 'ai'} → missing_argument (отсутствующий раньше лишнего)",
    "an extra limit → extra_argument": "лишний limit → extra_argument",
    "args a list → bad_argument": "args — список → bad_argument",
    "key 42, not a str → bad_argument": "key 42, а не str → bad_argument",
    "a 40-character key → bad_argument": "ключ из 40 символов → bad_argument",
    "top_topics with count 2 → accepted": "top_topics с count 2 → accepted",
    "count True (a bool, not an int) → bad_argument":
        "count True (bool, а не int) → bad_argument",
    "count 4, above the maximum 3 → bad_argument":
        "count 4, больше максимума 3 → bad_argument",
    "a final proposal without an answer → missing_field":
        "предложение final без answer → missing_field",
    "validate_proposal() weighs scope, the budget and final answers (revised rules)":
        "validate_proposal() взвешивает привязку к запросу, бюджет и итоговые ответы "
        "(обновлённые правила)",
    "A scoped argument must equal state['key']; a tool call needs a step left after it "
    "(state['steps'] + 1 < state['max_steps']); a final answer needs an observation and must "
    "equal state['observations'][-1]['result'] (None included).":
        "Привязанный к запросу аргумент должен быть равен state['key']; вызову инструмента "
        "нужен шаг, который останется после него (state['steps'] + 1 < state['max_steps']); "
        "итоговому ответу нужно наблюдение, и он должен быть равен "
        "state['observations'][-1]['result'] (включая None).",
    "lookup 'design' when asked about 'ai' → out_of_scope":
        "lookup 'design', когда спросили про 'ai' → out_of_scope",
    "top_topics of another key → out_of_scope": "top_topics другого ключа → out_of_scope",
    "a final answer before any lookup → final_without_observation":
        "итоговый ответ до первого lookup → final_without_observation",
    "an answer that is not the observed record → final_mismatch":
        "ответ — не наблюдённая запись → final_mismatch",
    "answering None after a record was found → final_mismatch":
        "ответ None после того, как запись найдена → final_mismatch",
    "the observed record as the answer → accepted":
        "наблюдённая запись в качестве ответа → accepted",
    "None after the lookup found nothing → accepted":
        "None после lookup, который ничего не нашёл → accepted",
    "a second lookup with two steps left → accepted":
        "второй lookup, когда осталось два шага → accepted",
    "a lookup in a run of one step → last_step": "lookup в запуске из одного шага → last_step",
    "a lookup on step 2 of 2 → last_step": "lookup на шаге 2 из 2 → last_step",
    "another key on the last step → out_of_scope (scope first)":
        "другой ключ на последнем шаге → out_of_scope (сначала привязка к запросу)",
    "a bad key on the last step → bad_argument": "плохой ключ на последнем шаге → bad_argument",
    "a final answer on the last step → accepted": "итоговый ответ на последнем шаге → accepted",
    "an arbitrary dict → any of the codes": "произвольный словарь → любой из кодов",
    "register list_keys: it runs, and bad arguments are still refused":
        "зарегистрируй list_keys: он выполняется, а плохие аргументы по-прежнему отклоняются",
    "The controller refuses only what the schema forbids, so the bounds of limit belong in "
    "the args schema; run gets the catalogue your function was given.":
        "Контроллер отклоняет только то, что запрещает схема, поэтому границам limit место в "
        "схеме args; run получает каталог, который дали твоей функции.",
    "a good limit runs: the catalogue's keys, sorted, at most limit of them":
        "хороший limit выполняется: ключи каталога, отсортированные, не больше limit штук",
    "a bad limit (out of 1–10, not an int, a bool) is refused by the controller":
        "плохой limit (вне 1–10, не int, bool) отклоняет контроллер",
    "a missing or an extra argument is refused by the controller":
        "отсутствующий или лишний аргумент отклоняет контроллер",
    "lookup keeps working next to list_keys": "lookup продолжает работать рядом с list_keys",
    "limit 10 → ['ai', 'design']": "limit 10 → ['ai', 'design']",
    "limit 1 → ['ai']": "limit 1 → ['ai']",
    "another catalogue, limit 3 → its first 3 keys in order":
        "другой каталог, limit 3 → его первые 3 ключа по порядку",
    "limit 0 → refused (bad_argument)": "limit 0 → отклонено (bad_argument)",
    "limit 11 → refused (bad_argument)": "limit 11 → отклонено (bad_argument)",
    "limit '2', a str → refused (bad_argument)": "limit '2', str → отклонено (bad_argument)",
    "limit True, a bool → refused (bad_argument)": "limit True, bool → отклонено (bad_argument)",
    "no limit → refused (missing_argument)": "нет limit → отклонено (missing_argument)",
    "an extra prefix → refused (extra_argument)": "лишний prefix → отклонено (extra_argument)",
    "lookup still works next to it": "lookup по-прежнему работает рядом с ним",
    "a planner that reads the tool cards and answers 'which topics?' honestly":
        "планировщик, который читает карточки инструментов и честно отвечает на вопрос «какие "
        "темы?»",
    "Nothing observed yet → look for the card named top_topics: propose it for state['key'] "
    "with its count's maximum (card['args']['count']['maximum']); no such card → propose "
    "lookup. Otherwise finish with the last result, whatever it is.":
        "Пока ничего не наблюдалось → найди карточку с именем top_topics: предложи его для "
        "state['key'] с максимумом его count (card['args']['count']['maximum']); такой "
        "карточки нет → предложи lookup. Иначе закончи последним результатом, каким бы он ни "
        "был.",
    "a desk with top_topics → done, with the topics for the largest count its card allows":
        "справочная с top_topics → done, с темами для наибольшего count, который допускает "
        "его карточка",
    "a desk with lookup only → done, with the record as observed":
        "справочная только с lookup → done, с записью в том виде, в каком она наблюдалась",
    "a course not in the catalogue → unknown, answer None":
        "курса нет в каталоге → unknown, ответ None",
    "one step: the tool runs, no step is left to finish → stopped":
        "один шаг: инструмент выполняется, на завершение шага не остаётся → stopped",
    "'ai', top_topics up to 3 → done, ['goals', 'tools', 'checks']":
        "'ai', top_topics до 3 → done, ['goals', 'tools', 'checks']",
    "'design' with 2 steps → done": "'design' с 2 шагами → done",
    "a desk whose top_topics shows at most 2 → done, ['goals', 'tools']":
        "справочная, где top_topics показывает не больше 2 → done, ['goals', 'tools']",
    "another catalogue, top_topics up to 5 and its card first → done, all 4 of art's topics":
        "другой каталог, top_topics до 5, и его карточка первая → done, все 4 темы art",
    "another catalogue: 'art' → done, its first 3 topics":
        "другой каталог: 'art' → done, его первые 3 темы",
    "a desk with lookup only → done, the whole record":
        "справочная только с lookup → done, вся запись",
    "'robotics' → unknown, answer None": "'robotics' → unknown, ответ None",
    "'robotics' on a desk with lookup only → unknown":
        "'robotics' в справочной только с lookup → unknown",
    "'AI' is not 'ai': the key as asked → unknown":
        "'AI' — не 'ai': ключ в том виде, в каком спросили → unknown",
    "'ai' with 1 step → stopped (no step left to finish)":
        "'ai' с 1 шагом → stopped (на завершение шага не осталось)",
    "lookup only, 1 step → stopped": "только lookup, 1 шаг → stopped",
    # --- the cases only the grader adds (agentloop_grader.answers.ch2) ---
    "generated {kind} {number}": "сгенерированный случай {kind} {number}",
    "arbitrary proposal {number}": "произвольное предложение {number}",
    "generated catalogue {number}": "сгенерированный каталог {number}",
    "generated run {number}": "сгенерированный запуск {number}",
    "generated run {number}: another key": "сгенерированный запуск {number}: другой ключ",
    "generated run {number}: top_topics of another key":
        "сгенерированный запуск {number}: top_topics другого ключа",
    "generated run {number}: final first": "сгенерированный запуск {number}: сначала final",
    "generated run {number}: a final that is not the result":
        "сгенерированный запуск {number}: final, который не совпадает с результатом",
    "generated run {number}: the result as the final":
        "сгенерированный запуск {number}: результат в качестве final",
    "generated run {number}: a repeat lookup, steps left":
        "сгенерированный запуск {number}: повторный lookup, шаги ещё есть",
    "generated run {number}: a lookup on step {step} of {last}":
        "сгенерированный запуск {number}: lookup на шаге {step} из {last}",
    "generated run {number}: top_topics on the last step":
        "сгенерированный запуск {number}: top_topics на последнем шаге",
    "generated run {number}: another key on the last step":
        "сгенерированный запуск {number}: другой ключ на последнем шаге",
    "generated run {number}: a bad key on the last step":
        "сгенерированный запуск {number}: плохой ключ на последнем шаге",
    "generated run {number}: a final on the last step":
        "сгенерированный запуск {number}: final на последнем шаге",
    # --- why a chapter 2 answer is wrong (agentloop.checks.ch2) ---
    "return None to accept a proposal (raise ProposalRejected to refuse it)":
        "чтобы принять предложение, верни None (чтобы отклонить — выброси ProposalRejected)",
    "accepted it; expected a rejection ({expected})":
        "предложение принято; ожидался отказ ({expected})",
    "rejected a valid proposal with {code}": "допустимое предложение отклонено с {code}",
    "a rejection needs a reason a person can read":
        "отказу нужна причина, понятная человеку",
    "{code} is not one of the chapter's codes ({codes})":
        "{code} — не один из кодов главы ({codes})",
    "rejected with {code}; expected {expected}": "отклонено с {code}; ожидалось {expected}",
    "no tool named {tool} is in the registry after your function ran":
        "после того как твоя функция отработала, инструмента с именем {tool} в реестре нет",
    "give {tool} a description a model could read (a sentence)":
        "дай {tool} описание, которое могла бы прочитать модель (одно предложение)",
    "the tool's card is not a valid tool definition: {problem}":
        "карточка инструмента — не допустимое определение инструмента: {problem}",
    "with your schema the controller would run it; it should refuse it with {expected}: "
    "check the schema":
        "с твоей схемой контроллер выполнил бы это; он должен отклонить с {expected}: проверь "
        "схему",
    "the controller refuses it with {code}; expected {expected}":
        "контроллер отклоняет это с {code}; ожидалось {expected}",
    "the controller refuses it with {code} under your schema; it should run":
        "с твоей схемой контроллер отклоняет это с {code}; это должно выполниться",
    "the tool did not run": "инструмент не выполнился",
    "the call returned {result}; expected {expected}":
        "вызов вернул {result}; ожидалось {expected}",
    "the run needed proposal {number} but the planner made {count}":
        "запуску понадобилось предложение {number}, а планировщик сделал {count}",
    "the controller refused proposal {number} ({proposal}): {problem}":
        "контроллер отклонил предложение {number} ({proposal}): {problem}",
    "the run used {number} proposals but the planner made {count}":
        "запуск использовал предложений: {number}, а планировщик сделал {count}",
    "the planner made no proposals": "планировщик не сделал ни одного предложения",
    "status {status}; expected {expected}": "статус {status}; ожидался {expected}",
    "answer {answer}; expected {expected}": "ответ {answer}; ожидалось {expected}",
    # === chapter 3 (agentloop.checks.ch3, agentloop_grader.answers.ch3) ===
    # --- chapter 3's checks: hints, step by step (agentloop.checks.ch3.HINTS) ---
    "An action is its tool and its input together; plans and token counts do not matter.":
        "Действие — это его инструмент и его вход вместе; планы и число токенов не важны.",
    "Compare the last step's action with every earlier step, however far back — not only the "
    "step before.":
        "Сравни действие последнего шага с каждым более ранним шагом, как бы давно тот ни был, "
        "— а не только с предыдущим.",
    "A first step has nothing to repeat. Try your guard on three steps whose first and last "
    "ask for the same thing, with another action between them.":
        "Первому шагу нечего повторять. Испытай свой предохранитель на трёх шагах, где первый и "
        "последний просят одно и то же, а между ними другое действие.",
    "In a run the guard is asked before each action runs: the first action asked for a "
    "second time must not run.":
        "В запуске предохранитель спрашивают перед каждым действием: первое действие, которое "
        "просят второй раз, выполняться не должно.",
    "A run that never repeats goes on to its own end: an answer, a hand-over or the step "
    "limit.":
        "Запуск, который ничего не повторяет, идёт до своего собственного конца: ответа, "
        "передачи человеку или предела шагов.",
    "Run your guard in `run_agent` on the alternating model above and look at the step the "
    "run stops on.":
        "Запусти свой предохранитель в `run_agent` на модели с чередованием выше и посмотри, на "
        "каком шаге останавливается запуск.",
    "The office's bill is what was sent and what the model wrote back.":
        "Счёт службы поддержки — это то, что отправлено, и то, что модель написала в ответ.",
    "Add up `tokens` and `reply_tokens` of every step so far, not only of the last one.":
        "Складывай `tokens` и `reply_tokens` всех шагов на этот момент, а не только последнего.",
    "Passing the budget means going over it: a bill exactly on the budget is still within. "
    "Compare your sums with the chapter's worked figures for the courier task.":
        "Превысить бюджет — значит выйти за него: счёт, ровно равный бюджету, ещё в его "
        "пределах. Сравни свои суммы с разобранными в главе числами для вопроса о курьере.",
    "Run the support agent with your own `token_budget(budget)` as its guard, then read how "
    "the run ended from its transcript.":
        "Запусти агента поддержки со своим `token_budget(budget)` в качестве предохранителя, а "
        "потом прочитай по стенограмме, чем закончился запуск.",
    "Only the guard's exit means that the budget stopped the run, and it stopped on the "
    "run's last step; an answer or a hand-over is not an action, so no guard is asked.":
        "Только выход предохранителя означает, что запуск остановил бюджет, и остановил на "
        "последнем шаге запуска; ответ или передача человеку — не действие, поэтому "
        "предохранитель не спрашивают.",
    "Compare your results with the chapter's worked figures: the courier task at 300 and at "
    "225, the return of 1187 at 300.":
        "Сравни свои результаты с разобранными в главе числами: вопрос о курьере при 300 и при "
        "225, возврат 1187 при 300.",
    "After the `end:` line the run is over: nothing may follow it, not even the step-limit "
    "line.":
        "После строки `end:` запуск окончен: за ней не может идти ничего, даже строка о "
        "пределе шагов.",
    "The compact loop has two loops, one over steps and one over a reply's actions: which "
    "one does the line after an answer leave?":
        "В компактном цикле два цикла: один по шагам, другой по действиям ответа модели. Из "
        "какого из них выходит строка после ответа?",
    "`break` leaves only the innermost loop; `return` leaves the function.":
        "`break` выходит только из самого внутреннего цикла; `return` выходит из функции.",
    "Every exit keeps its own line: an answer its `end:` line, a hand-over the model's "
    "reason, the step limit its line after max_steps steps.":
        "У каждого выхода своя строка: у ответа — строка `end:`, у передачи человеку — "
        "причина модели, у предела шагов — его строка после max_steps шагов.",
    "`hand_to_human` is not run: the actions before it in the same reply are, then the "
    "hand-over ends the run.":
        "`hand_to_human` не выполняется: действия перед ним в том же ответе выполняются, а "
        "потом передача человеку заканчивает запуск.",
    "Your fix is one line of the buggy function. Compare your lines with "
    "`run_agent(model, task, max_steps).lines()` on the ✘ case.":
        "Твоё исправление — одна строка функции с ошибкой. Сравни свои строки с "
        "`run_agent(model, task, max_steps).lines()` на случае с ✘.",
    "Everything is in the transcript `run_agent` returns: how the run ended, on which step, "
    "the model's answer, the requests it opened.":
        "Всё есть в стенограмме, которую возвращает `run_agent`: чем закончился запуск, на "
        "каком шаге, ответ модели, открытые заявки.",
    "The exit is one of `EXITS`, read off the transcript, never guessed from the task.":
        "Выход — один из `EXITS`, прочитанный по стенограмме, а не угаданный по задаче.",
    "Print the transcript of the ✘ task with its `max_steps` and read each field off it.":
        "Напечатай стенограмму задачи с ✘ с её `max_steps` и прочитай по ней каждое поле.",
    "Report what happened, nothing nicer: the answer is the model's text only when the run "
    "ended with an answer.":
        "Сообщай, что случилось, и ничего красивее: ответ — это текст модели, только когда "
        "запуск закончился ответом.",
    "Every other exit has no answer at all: `None`, not an empty text.":
        "У любого другого выхода ответа нет вовсе: `None`, а не пустой текст.",
    "The requests are the ids of what the run opened, whether or not the run was cut short: "
    "print `transcript.pending` for the ✘ task.":
        "Заявки — это номера того, что открыл запуск, оборвался он или нет: напечатай "
        "`transcript.pending` для задачи с ✘.",
    "The note branches on `transcript.exit`: each exit has its words in the chapter's table, "
    "and the step.":
        "Записка ветвится по `transcript.exit`: у каждого выхода свои слова в таблице главы, и "
        "ещё шаг.",
    "Unless the customer was answered, an employee must take over, and the note quotes "
    "`transcript.reason`.":
        "Если клиент не получил ответа, дело должен принять сотрудник, а записка цитирует "
        "`transcript.reason`.",
    "Never use another exit's word, not even negated (no 'not answered', no 'no guard'). "
    "Check your note for the ✘ exit against its row of the table.":
        "Никогда не употребляй слово другого выхода, даже с отрицанием (никаких 'not "
        "answered', никаких 'no guard'). Сверь свою записку для выхода с ✘ с его строкой "
        "таблицы. Записку пиши по-английски: проверка читает английские слова.",
    "The note names the return requests waiting for approval, and no other.":
        "Записка называет заявки на возврат, которые ждут одобрения, и никакие другие.",
    "No word about money at all, not even 'no refund': the agent cannot move money.":
        "Ни слова о деньгах, даже 'no refund': агент не может двигать деньги.",
    "Print `transcript.pending` for the ✘ run and compare it with the ids your note names.":
        "Напечатай `transcript.pending` для запуска с ✘ и сравни с номерами, которые называет "
        "твоя записка.",
    # --- chapter 3's checks: titles and what each case tests (agentloop.checks.ch3) ---
    "repeated_action() stops an action already asked for at any earlier step":
        "repeated_action() останавливает действие, которое уже просили на любом более раннем "
        "шаге",
    "Compare the last step's tool AND input with those of every earlier step, not only the "
    "step before; plans and token counts do not matter.":
        "Сравни инструмент И вход последнего шага с инструментом и входом каждого более раннего "
        "шага, а не только предыдущего; планы и число токенов не важны.",
    "the first step": "первый шаг",
    "a first step has nothing to repeat → None": "первому шагу нечего повторять → None",
    "estimate_delivery(1042) twice in a row, with different plans and tokens":
        "estimate_delivery(1042) дважды подряд, с разными планами и токенами",
    "the same tool with the same input as the step before → a reason (plans may differ)":
        "тот же инструмент с тем же входом, что на предыдущем шаге → причина (планы могут "
        "различаться)",
    "get_order_status of 1187, then of 1042": "get_order_status для 1187, потом для 1042",
    "the same tool with an input not asked for before → None":
        "тот же инструмент со входом, которого раньше не просили → None",
    "get_order_status(1187), then open_return_request(1187)":
        "get_order_status(1187), потом open_return_request(1187)",
    "another tool with an input asked for before → None":
        "другой инструмент со входом, который уже просили → None",
    "estimate_delivery(1042) on steps 1 and 3, another action between":
        "estimate_delivery(1042) на шагах 1 и 3, между ними другое действие",
    "the same tool with the same input as any earlier step, however far back → a reason":
        "тот же инструмент с тем же входом, что на любом более раннем шаге, как бы давно тот ни "
        "был → причина",
    "get_order_status(1187) on steps 2 and 4": "get_order_status(1187) на шагах 2 и 4",
    "four different actions": "четыре разных действия",
    "an action unlike every earlier one, in a longer run → None":
        "действие, не похожее ни на одно более раннее, в более длинном запуске → None",
    "with repeated_action, the agent stops before running an action a second time":
        "с repeated_action агент останавливается, прежде чем выполнить действие второй раз",
    "The guard runs before the action: the first action asked for a second time, on "
    "whatever step, must not be run; runs that never repeat go on to their own end.":
        "Предохранитель срабатывает до действия: первое действие, которое просят второй раз, на "
        "каком бы шаге это ни было, выполняться не должно; запуски, которые ничего не "
        "повторяют, идут до своего собственного конца.",
    "courier 1042: {task}": "курьер 1042: {task}",
    "return 1187": "возврат 1187",
    "return 1042": "возврат 1042",
    "compensation 1042": "компенсация 1042",
    "courier 1042": "курьер 1042",
    "an action asked for again, however far back, is stopped before it runs":
        "действие, которое просят снова, как бы давно его ни просили, останавливается до "
        "выполнения",
    "the return of 1187": "возврат 1187",
    "a run whose actions all differ goes on to its answer":
        "запуск, в котором все действия разные, идёт до своего ответа",
    "the compensation for 1042": "компенсация за 1042",
    "a hand-over ends the run; the guard has nothing to stop":
        "передача человеку заканчивает запуск; предохранителю нечего останавливать",
    "the return of 1042": "возврат 1042",
    "the courier task with max_steps=1": "вопрос о курьере с max_steps=1",
    "the step limit still ends a run that repeats nothing in time":
        "предел шагов по-прежнему заканчивает запуск, который не успел ничего повторить",
    "the alternating model: estimate_delivery(1042) and get_order_status(1042) in turn":
        "модель с чередованием: estimate_delivery(1042) и get_order_status(1042) по очереди",
    "a scripted model asking estimate_delivery(1042) again on step 4":
        "модель по сценарию, которая снова просит estimate_delivery(1042) на шаге 4",
    "a scripted model: the status of 1187 and of 1042, then a return of 1187":
        "модель по сценарию: статус 1187 и 1042, потом возврат 1187",
    "token_budget(budget) stops a run once the tokens sent and written pass the budget":
        "token_budget(budget) останавливает запуск, как только отправленные и написанные "
        "токены превысят бюджет",
    "For every step so far add what was sent (tokens) and what the model wrote back "
    "(reply_tokens); stop when that sum is greater than the budget.":
        "Для каждого шага на этот момент сложи то, что отправлено (tokens), и то, что модель "
        "написала в ответ (reply_tokens); останавливай, когда эта сумма больше бюджета.",
    "101 sent + 12 written, budget 300": "101 отправлено + 12 написано, бюджет 300",
    "a bill below the budget → None": "счёт меньше бюджета → None",
    "101 + 12 + 124 + 9 = 246, budget 246": "101 + 12 + 124 + 9 = 246, бюджет 246",
    "a bill exactly on the budget has not passed it → None":
        "счёт, ровно равный бюджету, его не превысил → None",
    "101 + 12 + 124 + 9 = 246, budget 245": "101 + 12 + 124 + 9 = 246, бюджет 245",
    "a bill one token or more over the budget → a reason":
        "счёт больше бюджета на токен или больше → причина",
    "101 + 124 = 225 sent, 12 + 9 written, budget 225":
        "101 + 124 = 225 отправлено, 12 + 9 написано, бюджет 225",
    "the replies count too: the tokens sent alone are within, the bill is not → a reason":
        "ответы тоже считаются: одни отправленные токены в пределах бюджета, а счёт — нет → "
        "причина",
    "three requests and replies, 398 in all, budget 300":
        "три запроса и ответа, всего 398, бюджет 300",
    "every request and reply counts, not only the last: small ones add up → a reason":
        "считается каждый запрос и ответ, а не только последний: маленькие складываются → "
        "причина",
    "101 sent + 12 written, budget 110": "101 отправлено + 12 написано, бюджет 110",
    "the first request and its reply alone can pass the budget → a reason":
        "первый запрос и ответ на него уже могут превысить бюджет → причина",
    "the courier task with token_budget(300)": "вопрос о курьере с token_budget(300)",
    "in a run, the first step with an action whose bill passes the budget is stopped before "
    "its action runs":
        "в запуске первый шаг с действием, чей счёт превышает бюджет, останавливается до "
        "выполнения своего действия",
    "the return of 1187 with token_budget(250)": "возврат 1187 с token_budget(250)",
    "budget_stop_step(task, budget): where the office's budget stops the support agent":
        "budget_stop_step(task, budget): где бюджет службы поддержки останавливает агента "
        "поддержки",
    "Run the support agent with your token_budget(budget) as its guard: if the run's exit is "
    "the guard's, it stopped on its last step; otherwise nothing was stopped.":
        "Запусти агента поддержки с твоим token_budget(budget) в качестве предохранителя: если "
        "выход запуска — выход предохранителя, запуск остановился на своём последнем шаге; "
        "иначе ничего не останавливалось.",
    "the courier task, budget 300": "вопрос о курьере, бюджет 300",
    "the first step with an action whose bill passes the budget":
        "первый шаг с действием, чей счёт превышает бюджет",
    "the courier task, budget 246": "вопрос о курьере, бюджет 246",
    "a bill exactly on the budget has not passed it":
        "счёт, ровно равный бюджету, его не превысил",
    "the courier task, budget 225": "вопрос о курьере, бюджет 225",
    "the return of 1187, budget 300": "возврат 1187, бюджет 300",
    "an answer is not an action: a guard never stops it → None":
        "ответ — не действие: предохранитель его никогда не останавливает → None",
    "the return of 1187, budget 250": "возврат 1187, бюджет 250",
    "the compensation, budget 200": "компенсация, бюджет 200",
    "a hand-over is not an action: a guard never stops it → None":
        "передача человеку — не действие: предохранитель её никогда не останавливает → None",
    "the return of 1042, budget 300": "возврат 1042, бюджет 300",
    "a run whose bill stays within the budget → None":
        "запуск, чей счёт остаётся в пределах бюджета → None",
    "the fixed loop ends a run on a reply without an action":
        "исправленный цикл заканчивает запуск на ответе без действия",
    "After the 'end:' line the run is over: nothing may follow it, not even the step-limit "
    "line. Which statement leaves the function, and which only the loop?":
        "После строки 'end:' запуск окончен: за ней не может идти ничего, даже строка о пределе "
        "шагов. Какая инструкция выходит из функции, а какая — только из цикла?",
    "{label}, max_steps={max_steps}": "{label}, max_steps={max_steps}",
    "an answer ends the run: no line follows its end: line":
        "ответ заканчивает запуск: за его строкой end: не идёт ни одной строки",
    "an answer on the last allowed step is still an answer":
        "ответ на последнем разрешённом шаге — всё равно ответ",
    "a scripted reply asking for two statuses at once, then an answer":
        "реплика по сценарию, которая просит сразу два статуса, а потом ответ",
    "a reply with several actions runs and logs each; the answer after it ends the run":
        "в ответе с несколькими действиями каждое выполняется и записывается в журнал; ответ "
        "после него заканчивает запуск",
    "a scripted reply cut off by max_tokens on step 2":
        "ответ по сценарию, оборванный max_tokens на шаге 2",
    "a reply with neither an answer nor an action (max_tokens) ends with its end: line too":
        "реплика без ответа и без действия (max_tokens) тоже заканчивается своей строкой "
        "end:",
    "the fixed loop ends every run the right way: an answer, a hand-over, the limit":
        "исправленный цикл заканчивает каждый запуск правильно: ответ, передача человеку, "
        "предел",
    "hand_to_human stops the run without running it, after the actions before it in the "
    "same reply; max_steps steps without an answer end with the step-limit line; an answer "
    "still ends the run on its end: line.":
        "hand_to_human останавливает запуск, не выполняясь, после действий перед ним в том же "
        "ответе; max_steps шагов без ответа заканчиваются строкой о пределе шагов; ответ "
        "по-прежнему заканчивает запуск своей строкой end:.",
    "hand_to_human is not run: the run stops with the model's reason":
        "hand_to_human не выполняется: запуск останавливается с причиной, которую назвала "
        "модель",
    "a scripted reply: a return request, then hand_to_human":
        "ответ по сценарию: заявка на возврат, потом hand_to_human",
    "an action before hand_to_human in the same reply is run; then the hand-over ends the "
    "run":
        "действие перед hand_to_human в том же ответе выполняется; потом передача человеку "
        "заканчивает запуск",
    "max_steps steps without an answer end with the step-limit line":
        "max_steps шагов без ответа заканчиваются строкой о пределе шагов",
    "a scripted model asking for two actions a step, max_steps=2":
        "модель по сценарию, которая просит два действия за шаг, max_steps=2",
    "several actions a step, each one logged, until the step limit":
        "несколько действий за шаг, каждое в журнале, пока не наступит предел шагов",
    "a scripted refund_money call, max_steps=1": "вызов refund_money по сценарию, max_steps=1",
    "an error observation is logged as observation (error)":
        "наблюдение-ошибка записывается в журнал как observation (error)",
    "exit_report(task) names the exit the run really took, and its step":
        "exit_report(task) называет выход, которым запуск закончился на самом деле, и его шаг",
    "Read it off the transcript: exit, ended_on, answer (None unless the model answered) and "
    "the ids of the pending return requests.":
        "Прочитай по стенограмме: exit, ended_on, answer (None, если модель не ответила) и "
        "номера ждущих заявок на возврат.",
    "the return of the undelivered 1042": "возврат недоставленного 1042",
    "an answer: exit end_turn, the step it came on, the answer's text":
        "ответ: выход end_turn, шаг, на котором он пришёл, текст ответа",
    "the return of 1187 with max_steps=2": "возврат 1187 с max_steps=2",
    "a run cut short keeps its return request pending, and has no answer":
        "у оборванного запуска заявка на возврат остаётся ждать, а ответа нет",
    "the compensation": "компенсация",
    "a hand-over: exit hand_to_human, no answer":
        "передача человеку: выход hand_to_human, ответа нет",
    "the courier task with max_steps=3": "вопрос о курьере с max_steps=3",
    "the step limit: exit max_steps on the last step, no answer":
        "предел шагов: выход max_steps на последнем шаге, ответа нет",
    "exit_report(task) gives the answer only if there was one, and the open requests":
        "exit_report(task) даёт ответ, только если он был, и открытые заявки",
    "handover_note(transcript) says how the run ended, and claims nothing else":
        "handover_note(transcript) говорит, чем закончился запуск, и ничего больше не "
        "утверждает",
    "Branch on transcript.exit. Say the exit's words (answered, step limit, asked, guard, "
    "cut off) and the step; unless the customer was answered, say an employee must take "
    "over and quote transcript.reason; name every id in transcript.pending; never mention "
    "money.":
        "Ветвись по transcript.exit. Назови слова выхода (answered, step limit, asked, guard, "
        "cut off) и шаг; если клиент не получил ответа, скажи, что дело должен принять "
        "сотрудник (take over), и процитируй transcript.reason; назови каждый номер из "
        "transcript.pending; никогда не упоминай деньги. Записку пиши по-английски: проверка "
        "читает английские слова.",
    "an answer: say answered and the step; nobody takes over":
        "ответ: скажи answered и шаг; дело никто не принимает",
    "the courier task": "вопрос о курьере",
    "the step limit: say step limit and the step; an employee takes over":
        "предел шагов: скажи step limit и шаг; дело принимает сотрудник",
    "a hand-over: say the model asked, quote its reason; an employee takes over":
        "передача человеку: скажи, что модель попросила (asked), процитируй её причину; дело "
        "принимает сотрудник",
    "the courier task, a guard objects on step 2":
        "вопрос о курьере, предохранитель возражает на шаге 2",
    "a guard: say guard, quote its reason; an employee takes over":
        "предохранитель: скажи guard, процитируй его причину; дело принимает сотрудник",
    "a reply cut off by max_tokens": "ответ, оборванный max_tokens",
    "a cut-off reply: say cut off, quote the stop reason; an employee takes over":
        "оборванный ответ: скажи cut off, процитируй причину остановки; дело принимает "
        "сотрудник",
    "handover_note(transcript), an honest note that also names the requests waiting":
        "handover_note(transcript) — честная записка, которая называет ещё и ждущие заявки",
    "requests are waiting: name each one, invent none, no money words":
        "заявки ждут: назови каждую, не выдумывай ни одной, никаких слов о деньгах",
    "no request was opened: name none, no money words":
        "ни одной заявки не открыто: не называй ни одной, никаких слов о деньгах",
    # --- the cases only the grader adds (agentloop_grader.answers.ch3) ---
    "generated history {number}": "сгенерированная история {number}",
    "generated: {count} requests, budget {budget}":
        "сгенерировано: запросов {count}, бюджет {budget}",
    "generated task {number}, budget {budget}": "сгенерированная задача {number}, бюджет {budget}",
    "generated task {number}, max_steps={max_steps}":
        "сгенерированная задача {number}, max_steps={max_steps}",
    "scripted run {number}": "запуск по сценарию {number}",
    "support agent on {task}": "агент поддержки на {task}",
    "support agent on {task}, max_steps={max_steps}":
        "агент поддержки на {task}, max_steps={max_steps}",
    # --- why a chapter 3 answer is wrong (agentloop.checks.ch3) ---
    "this action may run: return None (your guard gave a reason)":
        "это действие может выполниться: верни None (твой предохранитель назвал причину)",
    "this action must be stopped: return a reason (a non-empty str), got None":
        "это действие нужно остановить: верни причину (непустую строку str), получено None",
    "a guard returns None or a reason (a non-empty str); it returned {returned}":
        "предохранитель возвращает None или причину (непустую строку str); он вернул "
        "{returned}",
    "expected a run summary, got {output}": "ожидалась сводка запуска, получено {output}",
    "the run ended with {output}; expected {expected}":
        "запуск закончился с {output}; ожидалось {expected}",
    "the run ended on step {output}; expected {expected}":
        "запуск закончился на шаге {output}; ожидалось {expected}",
    "the actions run were {output}; expected {expected}":
        "выполнены действия {output}; ожидалось {expected}",
    "answer with a step number (an int) or None, got {output}":
        "ответь номером шага (int) или None, получено {output}",
    "the budget stops nothing on this run: expected None, got {output}":
        "в этом запуске бюджет ничего не останавливает: ожидалось None, получено {output}",
    "the budget stops this run on step {expected}, not {output}":
        "бюджет останавливает этот запуск на шаге {expected}, а не {output}",
    "expected a list of log lines, got {output}":
        "ожидался список строк журнала, получено {output}",
    "line {number} is {got}; expected {want}": "строка {number} — {got}; ожидалось {want}",
    "the log has {count} lines; expected {expected} (the last should be {last})":
        "в журнале строк: {count}; ожидалось {expected} (последней должна быть {last})",
    "return a dict with the keys {keys}; got {output}":
        "верни словарь с ключами {keys}; получено {output}",
    "{key} is {output}; the run says {expected}":
        "{key} равно {output}; запуск говорит {expected}",
    "keep the note under 300 characters": "уложи записку в 300 символов",
    "this run's exit is {exit}, but the note says {words}":
        "выход этого запуска — {exit}, а в записке сказано {words}",
    "the customer was answered: nobody must take over, but the note says {words}":
        "клиент получил ответ: принимать дело никому не нужно, а в записке сказано {words}",
    "this run's exit is {exit}: the note must say {words}":
        "выход этого запуска — {exit}: записка должна сказать {words}",
    "say which step the run ended on (step {step})":
        "скажи, на каком шаге закончился запуск (step {step})",
    "the customer has no answer: say that an employee must take over":
        "у клиента нет ответа: скажи, что дело должен принять сотрудник (take over)",
    "quote the run's reason: {reason}": "процитируй причину запуска: {reason}",
    "name every return request waiting for approval; missing {requests}":
        "назови каждую заявку на возврат, которая ждёт одобрения; не хватает: {requests}",
    "the run opened no request {requests}": "запуск не открывал заявку {requests}",
    "the agent moves no money; leave it out of the note (it says {words})":
        "агент не двигает деньги; не упоминай их в записке (в ней сказано {words})",
    # === chapter 4 (agentloop.checks.ch4, agentloop_grader.answers.ch4) ===
    # --- chapter 4's checks: hints, step by step (agentloop.checks.ch4.HINTS) ---
    "A dangerous call is `rm`, perhaps after `sudo`, with both a recursive and a force flag, "
    "in any spelling and any order.":
        "Опасный вызов — это `rm`, возможно после `sudo`, и с флагом рекурсии, и с флагом "
        "принуждения, в любом написании и любом порядке.",
    "Flags may be joined (`-rf`, `-fr`, `-Rfv`) or apart (`-r -f`, `--recursive --force`): "
    "look at every flag word, and at each letter of a short one.":
        "Флаги бывают слитными (`-rf`, `-fr`, `-Rfv`) или раздельными (`-r -f`, `--recursive "
        "--force`): смотри на каждое слово-флаг и на каждую букву короткого флага.",
    "Only a part whose first word is `rm` runs rm: `grep -rf` and `git rm -r` pass. Block by "
    "raising; return `None` for everything else.":
        "rm запускает только та часть, чьё первое слово — `rm`: `grep -rf` и `git rm -r` "
        "проходят. Блокируй, выбрасывая исключение; для всего остального возвращай `None`.",
    "A command can have several parts joined by `;`, `&&`, `||`, `|` or `&`, and any part "
    "can be the dangerous one.":
        "Команда может состоять из нескольких частей, соединённых `;`, `&&`, `||`, `|` или "
        "`&`, и опасной может быть любая часть.",
    "Text in quotes is one word, not a command: split with `shlex`, as the exercise shows, "
    "not with `str.split`.":
        "Текст в кавычках — одно слово, а не команда: разбивай через `shlex`, как показано в "
        "упражнении, а не через `str.split`.",
    "Print the words and separators `shlex` gives you for the ✘ command, and mark where each "
    "part starts.":
        "Напечатай слова и разделители, которые `shlex` даёт для команды с ✘, и отметь, где "
        "начинается каждая часть.",
    "Count from the events alone: `tool.call` for the calls; a `tool.error` is either a "
    "blocked call or a failed one.":
        "Считай только по событиям: `tool.call` — это вызовы; `tool.error` — либо "
        "заблокированный вызов, либо проваленный.",
    "A blocked call has no call id (`call_id` is `None`) and no `tool.call`; a failed one has "
    "both.":
        "У заблокированного вызова нет номера (`call_id` равен `None`) и нет `tool.call`; у "
        "проваленного есть и то и другое.",
    "Subscribe your instance to one of the chapter's sessions and print each event it "
    "receives next to your counts.":
        "Подпиши свой экземпляр на одну из сессий главы и напечатай каждое полученное им "
        "событие рядом со своими счётчиками.",
    "`per_step` has one entry for each `step.end`, in order, with the name and status from "
    "that event.":
        "В `per_step` по одной записи на каждый `step.end`, по порядку, с именем и статусом из "
        "этого события.",
    "A step's counts are those seen since the last `step.start` or `step.end`.":
        "Счётчики шага — то, что встретилось после последнего `step.start` или `step.end`.",
    "A step skipped from `after_step` ends without starting. Print the event types of the ✘ "
    "session in order and mark where each step begins and ends.":
        "Шаг, пропущенный из `after_step`, заканчивается, не начавшись. Напечатай по порядку "
        "типы событий сессии с ✘ и отметь, где каждый шаг начинается и заканчивается.",
    "Loop until the session is done: a tool call is answered, a pause names the limit that "
    "ran out.":
        "Повторяй, пока сессия не закончится: на вызов инструмента отвечай, а пауза называет "
        "кончившийся предел.",
    "Extend only the limit that ran out, then resume; count the extensions of each limit on "
    "its own.":
        "Расширяй только кончившийся предел, потом возобновляй; расширения каждого предела "
        "считай отдельно.",
    "A limit may be extended twice; the third time, the session is closed. Print `stop.kind` "
    "and `stop.pause` at each turn of your loop.":
        "Предел можно расширить дважды; на третий раз сессию закрывают. Печатай `stop.kind` и "
        "`stop.pause` на каждом круге своего цикла.",
    "Any of the three limits can run out: `stop.pause['limit']` says which.":
        "Кончиться может любой из трёх пределов: какой — говорит `stop.pause['limit']`.",
    "Each limit has its own count and its own step: turns and tool calls by 1, seconds by 10.":
        "У каждого предела свой счётчик и свой шаг расширения: ходы и вызовы инструментов — "
        "на 1, секунды — на 10.",
    "Two more turns and two more tool calls are allowed in one session. Print which limit "
    "each pause names, and your counts after it.":
        "За одну сессию допустимы два лишних хода и два лишних вызова инструмента. Печатай, "
        "какой предел называет каждая пауза, и свои счётчики после неё.",
    "One row for every ordered pair of the six states: 36 rows, a state to itself included.":
        "По строке на каждую упорядоченную пару из шести состояний: 36 строк, включая переход "
        "состояния в само себя.",
    "`legal` comes from Figure 2, the batch harness's, not from this chapter's "
    "`TRANSITIONS`.":
        "`legal` берётся с рисунка 2, пакетной обвязки, а не из `TRANSITIONS` этой главы.",
    "The batch harness pauses in one state only and always resumes to it: look at your rows "
    "into and out of IDLE.":
        "Пакетная обвязка встаёт на паузу только в одном состоянии и всегда в него же "
        "возвращается: посмотри на свои строки, ведущие в IDLE и из IDLE.",
    "The expectations are your rows: for each one, ask `validate` about its source and "
    "target, and compare what happened with its `legal`.":
        "Ожидания — это твои строки: для каждой спроси `validate` о её начале и цели и сравни "
        "то, что произошло, с её `legal`.",
    "A legal move returns quietly; an illegal one raises `IllegalTransition`. Catch it, then "
    "`assert` that what happened matches the row.":
        "Допустимый переход возвращается молча; недопустимый выбрасывает `IllegalTransition`. "
        "Поймай его, а потом через `assert` убедись, что произошедшее совпадает со строкой.",
    "Try your test on a `validate` that allows every move: it must fail with an "
    "`AssertionError`.":
        "Испытай свой тест на `validate`, которая разрешает любой переход: тест должен упасть "
        "с `AssertionError`.",
    "A harness that refuses a legal move raises `IllegalTransition` where your row says the "
    "move is allowed: your test must notice it.":
        "Обвязка, которая отказывает в допустимом переходе, выбрасывает `IllegalTransition` "
        "там, где твоя строка говорит, что переход разрешён: твой тест должен это заметить.",
    "Try your test on a `validate` that refuses every move: it must fail with an "
    "`AssertionError`, not with `IllegalTransition`.":
        "Испытай свой тест на `validate`, которая отказывает в любом переходе: тест должен "
        "упасть с `AssertionError`, а не с `IllegalTransition`.",
    # --- chapter 4's checks: titles and what each case tests (agentloop.checks.ch4) ---
    "the hook blocks rm when it is both recursive and forced, and nothing else":
        "хук блокирует rm, когда он и рекурсивный, и принудительный, и ничего больше",
    "Split the command at ; && || | and &, drop a leading sudo, and look for rm with both a "
    "recursive flag (-r, -R, --recursive) and a force flag (-f, --force), in any order or "
    "combination. Raise to block; return None to let a call through.":
        "Разбей команду по ; && || | и &, отбрось sudo в начале и ищи rm и с флагом рекурсии "
        "(-r, -R, --recursive), и с флагом принуждения (-f, --force), в любом порядке и "
        "сочетании. Чтобы заблокировать, выброси исключение; чтобы пропустить вызов, верни "
        "None.",
    "rm with -r and -f in one word, in any order (-rf, -fr, -Rf, -rfv) → blocked":
        "rm с -r и -f в одном слове, в любом порядке (-rf, -fr, -Rf, -rfv) → заблокирован",
    "rm with the flags apart (-r -f) or spelled out (--recursive --force) → blocked":
        "rm с раздельными (-r -f) или полными (--recursive --force) флагами → заблокирован",
    "sudo rm … is rm → blocked": "sudo rm … — это rm → заблокирован",
    "rm with only one of the two flags, or neither → passes unchanged":
        "rm только с одним из двух флагов или без них → проходит без изменений",
    "another command with the same flags (grep -rf, cp -rf, git rm -r) → passes unchanged":
        "другая команда с теми же флагами (grep -rf, cp -rf, git rm -r) → проходит без "
        "изменений",
    "another tool, or a shell call without a command → passes unchanged":
        "другой инструмент или вызов оболочки без команды → проходит без изменений",
    "a shell call without a command": "вызов оболочки без команды",
    # a case labelled with its command: the command reads the same in every language
    'rm -rf build/cache': 'rm -rf build/cache',
    'rm -fr /': 'rm -fr /',
    'rm -r -f /tmp/x': 'rm -r -f /tmp/x',
    'rm --recursive --force dist': 'rm --recursive --force dist',
    'sudo rm -Rf ~': 'sudo rm -Rf ~',
    'rm notes.txt': 'rm notes.txt',
    'rm -r empty_dir': 'rm -r empty_dir',
    'grep -rf patterns.txt src': 'grep -rf patterns.txt src',
    'read_file(notes.txt)': 'read_file(notes.txt)',
    'ls && rm -Rf dist': 'ls && rm -Rf dist',
    'rm -r -f build; echo done': 'rm -r -f build; echo done',
    "echo 'rm -rf /'": "echo 'rm -rf /'",
    'du -sh build/cache | sort -h': 'du -sh build/cache | sort -h',
    "the hook reads whole command lines: every part of a chain, never quoted text":
        "хук читает командные строки целиком: каждую часть цепочки, но никогда не текст в "
        "кавычках",
    "a dangerous rm in any part of a chain (; && || | &) → blocked":
        "опасный rm в любой части цепочки (; && || | &) → заблокирован",
    "rm -rf inside quoted text is not a command → passes unchanged":
        "rm -rf внутри текста в кавычках — не команда → проходит без изменений",
    "a chain of safe commands → passes unchanged":
        "цепочка безопасных команд → проходит без изменений",
    "the subscriber counts steps, tool calls, blocked calls and failed calls":
        "подписчик считает шаги, вызовы инструментов, заблокированные и проваленные вызовы",
    "Count tool.call events, and split the tool.error events: no call_id (None) means the "
    "call was blocked before it was handed out; a call_id means it was handed out and "
    "failed. A step's figures are the ones seen since the last step.start or step.end, and "
    "step.end closes the step.":
        "Считай события tool.call и раздели события tool.error: нет call_id (None) — вызов "
        "заблокирован до того, как его выдали; есть call_id — его выдали, и он провалился. "
        "Цифры шага — то, что встретилось после последнего step.start или step.end, а step.end "
        "закрывает шаг.",
    "the demo session": "демо-сессия",
    "tool calls counted per step; a step without a tool has 0":
        "вызовы инструментов считаются по шагам; у шага без инструмента — 0",
    "the demo with a shell whose rm fails, no replans":
        "демо с оболочкой, у которой rm проваливается, без перепланирования",
    "an error result is a tool.call and a failed tool.error of the same step":
        "результат-ошибка — это tool.call и проваленный tool.error одного и того же шага",
    "the demo with budget pauses along the way": "демо с паузами бюджета по пути",
    "pauses in the middle change no count": "паузы посередине не меняют ни одного счётчика",
    "the demo with a shell whose rm fails, one replan":
        "демо с оболочкой, у которой rm проваливается, одно перепланирование",
    "after a replan the steps go on counting, one entry per step.end":
        "после перепланирования шаги считаются дальше, по записи на step.end",
    "the demo with every rm refused by a before_tool_call hook, one replan":
        "демо, где каждый rm отклоняет хук before_tool_call, одно перепланирование",
    "a call a before_tool_call hook refused was never handed out (call_id None): blocked, "
    "for its step":
        "вызов, который отклонил хук before_tool_call, так и не выдали (call_id None): "
        "заблокирован, для своего шага",
    "the demo where an after_tool_call hook refuses the du result":
        "демо, где хук after_tool_call отвергает результат du",
    "a result an after_tool_call hook refused was handed out (it has a call_id): failed, not "
    "blocked":
        "результат, который отверг хук after_tool_call, был выдан (у него есть call_id): "
        "проваленный, а не заблокированный",
    "the demo where after_step skips the step after the first":
        "демо, где after_step пропускает шаг после первого",
    "a step skipped from after_step ends without starting: its figures are 0":
        "шаг, пропущенный из after_step, заканчивается, не начавшись: его цифры — 0",
    "the subscriber gives each step its own figures":
        "подписчик даёт каждому шагу его собственные цифры",
    "extend the turns (twice at most) and resume until the session completes":
        "расширяй ходы (не больше двух раз) и возобновляй, пока сессия не закончится",
    "Loop until stop.kind == 'done': answer a tool_call with "
    "harness.resume(harness.call_tool(stop.request)); on a pause read stop.pause['limit']; "
    "if that limit was extended twice already, return harness.close(...); otherwise extend "
    "that limit only (turns or tool_calls by 1, seconds by 10), count it, and call "
    "harness.resume().":
        "Повторяй, пока stop.kind == 'done': на tool_call отвечай "
        "harness.resume(harness.call_tool(stop.request)); на паузе читай "
        "stop.pause['limit']; если этот предел уже расширяли дважды, верни "
        "harness.close(...); иначе расширь только этот предел (turns или tool_calls на 1, "
        "seconds на 10), посчитай это и вызови harness.resume().",
    "max_turns=2: one pause before the last step": "max_turns=2: одна пауза перед последним шагом",
    "turns run out: extend turns by 1 each time, up to twice":
        "кончились ходы: каждый раз расширяй turns на 1, до двух раз",
    "max_turns=1: two pauses, two extensions": "max_turns=1: две паузы, два расширения",
    "max_turns=0: turns run out a third time → close":
        "max_turns=0: ходы кончаются в третий раз → закрыть",
    "a limit runs out a third time: close the session instead of extending it":
        "предел кончается в третий раз: закрой сессию, а не расширяй его",
    "a budget that is never reached": "бюджет, который никогда не достигается",
    "a budget that is never reached: no extension at all":
        "бюджет, который никогда не достигается: никаких расширений",
    "extend whichever limit ran out, each at most twice; then close":
        "расширяй тот предел, который кончился, каждый не больше двух раз; потом закрывай",
    "max_tool_calls=0: two pauses for tool calls":
        "max_tool_calls=0: две паузы из-за вызовов инструментов",
    "tool calls run out: extend tool_calls by 1 each time, up to twice":
        "кончились вызовы инструментов: каждый раз расширяй tool_calls на 1, до двух раз",
    "max_seconds=5, one simulated second a move":
        "max_seconds=5, одна имитированная секунда на переход",
    "seconds run out: extend seconds by 10 each time, up to twice":
        "кончились секунды: каждый раз расширяй seconds на 10, до двух раз",
    "max_turns=1: turns run out twice": "max_turns=1: ходы кончаются дважды",
    "all three limits tight: two extensions of each":
        "все три предела тесные: по два расширения каждого",
    "several limits run out: each may be extended twice, counted on its own":
        "кончаются несколько пределов: каждый можно расширить дважды, считая отдельно",
    "max_seconds=5 on a clock of 3 s a move: seconds run out a third time":
        "max_seconds=5 на часах по 3 с за переход: секунды кончаются в третий раз",
    "no turns and no tool calls: turns run out a third time":
        "ни ходов, ни вызовов инструментов: ходы кончаются в третий раз",
    "your table names every pair and says which moves the batch harness allows (self-check)":
        "твоя таблица называет каждую пару и говорит, какие переходы разрешает пакетная "
        "обвязка (самопроверка)",
    "One row per ordered pair of states (36 rows, self-loops included); legal is True only "
    "for the twelve moves of Figure 2, the batch harness's (this chapter's own table, "
    "TRANSITIONS, pauses in every active state: the batch harness does not).":
        "По строке на упорядоченную пару состояний (36 строк, включая переходы в себя); legal "
        "равно True только для двенадцати переходов рисунка 2, пакетной обвязки (собственная "
        "таблица главы, TRANSITIONS, встаёт на паузу в любом активном состоянии, а пакетная "
        "обвязка — нет).",
    "rows from {name}": "строки из {name}",
    "the moves out of {name}": "переходы из {name}",
    "every row is well formed and every pair is there, but the table does not allow exactly "
    "the moves of Figure 2 (which rows are wrong is not said: that would give them away)":
        "каждая строка оформлена правильно и все пары на месте, но таблица разрешает не ровно "
        "переходы рисунка 2 (какие строки неверны, не сообщается — иначе это их выдало бы)",
    "the test passes the real batch harness and fails one that allows a forbidden move":
        "тест проходит на настоящей пакетной обвязке и падает на той, что разрешает "
        "запрещённый переход",
    "For each row, call validate(source, target); it raises IllegalTransition when the move "
    "is illegal. assert that what happened matches the row, and return the number of rows.":
        "Для каждой строки вызови validate(source, target); она выбрасывает IllegalTransition, "
        "когда переход недопустим. Через assert убедись, что произошедшее совпадает со "
        "строкой, и верни число строк.",
    "the real batch harness alone": "одна настоящая пакетная обвязка",
    "the real batch harness passes: every row checked, and the count returned":
        "настоящая пакетная обвязка проходит: каждая строка проверена, и число возвращено",
    "three harnesses: one allows EXECUTING -> IDLE (a pause in the middle of a step), one "
    "DONE -> IDLE, then the real one":
        "три обвязки: одна разрешает EXECUTING -> IDLE (пауза посреди шага), другая — DONE -> "
        "IDLE, потом настоящая",
    "a harness that allows a move the batch harness forbids fails the test":
        "обвязка, которая разрешает переход, запрещённый пакетной обвязкой, не проходит тест",
    "the test fails a harness that forbids a move the batch harness allows":
        "тест не пропускает обвязку, которая запрещает переход, разрешённый пакетной обвязкой",
    "three harnesses: one forbids IDLE -> REFLECTING (the resume), the real one, one forbids "
    "AWAITING_TOOL -> REFLECTING":
        "три обвязки: одна запрещает IDLE -> REFLECTING (возобновление), настоящая, ещё одна "
        "запрещает AWAITING_TOOL -> REFLECTING",
    "a harness that forbids a move the batch harness allows fails the test":
        "обвязка, которая запрещает переход, разрешённый пакетной обвязкой, не проходит тест",
    # --- the cases only the grader adds (agentloop_grader.answers.ch4) ---
    "generated call {number}": "сгенерированный вызов {number}",
    "generated command {number}": "сгенерированная команда {number}",
    "generated session {number}": "сгенерированная сессия {number}",
    "generated turn limit {number}": "сгенерированный предел ходов {number}",
    "generated limits {number}": "сгенерированные пределы {number}",
    "generated harnesses {number}": "сгенерированные обвязки {number}",
    # --- why a chapter 4 answer is wrong (agentloop.checks.ch4) ---
    "the hook is not written yet (it raises NotImplementedError)":
        "хук ещё не написан (он выбрасывает NotImplementedError)",
    "the hook {hook}; a hook blocks by raising an exception (returning False, SKIP or a "
    "message does not block the call)":
        "хук {hook}; хук блокирует, выбрасывая исключение (вернуть False, SKIP или сообщение "
        "— не значит заблокировать вызов)",
    "the command reached the tool: raise an exception to block it":
        "команда дошла до инструмента: чтобы её заблокировать, выброси исключение",
    "a safe call was blocked (the hook raised)":
        "безопасный вызов заблокирован (хук выбросил исключение)",
    "the hook {hook} for a safe call; to let a call through, return None":
        "хук {hook} на безопасном вызове; чтобы пропустить вызов, верни None",
    "a safe call did not reach the tool": "безопасный вызов не дошёл до инструмента",
    "the tool received {args}; a guard lets safe calls through unchanged":
        "инструмент получил {args}; предохранитель пропускает безопасные вызовы без изменений",
    "figures() must return a dict with {key}": "figures() должна вернуть словарь с {key}",
    "{key}: expected {expected}, got {output}": "{key}: ожидалось {expected}, получено {output}",
    "figures() must return a dict with a 'per_step' list":
        "figures() должна вернуть словарь со списком 'per_step'",
    "expected {expected} steps in per_step, got {count}":
        "ожидалось шагов в per_step: {expected}, получено {count}",
    "per_step[{number}]: expected {expected}, got {output}":
        "per_step[{number}]: ожидалось {expected}, получено {output}",
    "extension {number}: expected {expected}, got {output} (extend only the limit that ran "
    "out: turns or tool calls by 1, seconds by 10)":
        "расширение {number}: ожидалось {expected}, получено {output} (расширяй только "
        "кончившийся предел: ходы или вызовы инструментов на 1, секунды на 10)",
    "extension {number} ({extension}): {limit} had been extended {times} times already; "
    "close the session instead":
        "расширение {number} ({extension}): {limit} уже расширяли {times} раза; вместо этого "
        "закрой сессию",
    "expected {expected} extension(s), got {count}":
        "ожидалось расширений: {expected}, получено {count}",
    "expected {expected} extension(s), got {count}: the next one is {extension} (a limit is "
    "extended up to {times} times, counted for each limit on its own)":
        "ожидалось расширений: {expected}, получено {count}: следующее — {extension} (предел "
        "расширяют до {times} раз, считая для каждого предела отдельно)",
    "the session was left in {state}, not DONE: keep going until stop.kind == 'done', or "
    "close it":
        "сессия оставлена в {state}, а не в DONE: продолжай, пока stop.kind == 'done', или "
        "закрой её",
    "the session ended {outcome}, expected {expected}":
        "сессия закончилась исходом {outcome}, ожидался {expected}",
    "return the final Stop (the one whose kind is 'done')":
        "верни последний Stop (тот, у которого kind равен 'done')",
    "the event log differs from the reference run: answer each tool call with "
    "harness.resume(harness.call_tool(stop.request))":
        "журнал событий отличается от эталонного запуска: отвечай на каждый вызов инструмента "
        "через harness.resume(harness.call_tool(stop.request))",
    "the table must be a list of (source, target, legal) rows":
        "таблица должна быть списком строк (source, target, legal)",
    "row ({source}, {target}, …) names a state that does not exist":
        "строка ({source}, {target}, …) называет несуществующее состояние",
    "row ({source}, {target}): legal must be True or False, got {legal}":
        "строка ({source}, {target}): legal должно быть True или False, получено {legal}",
    "the pair {source} -> {target} appears twice": "пара {source} -> {target} встречается дважды",
    "no row for {source} -> {target}: the table covers all 36 pairs":
        "нет строки для {source} -> {target}: таблица охватывает все 36 пар",
    "{source} -> {target} is legal": "переход {source} -> {target} допустим",
    "{source} -> {target} is illegal": "переход {source} -> {target} недопустим",
    "the test was not run on every harness": "тест выполнен не на каждой обвязке",
    "the real harness (harness {number} of {total}) failed your test: a row of your table is "
    "wrong":
        "настоящая обвязка (обвязка {number} из {total}) не прошла твой тест: одна из строк "
        "твоей таблицы неверна",
    "the real harness (harness {number} of {total}) made your test break ({result})":
        "настоящая обвязка (обвязка {number} из {total}) сломала твой тест ({result})",
    "on the real harness run_table returned {rows}: it must check and count all {count} rows":
        "на настоящей обвязке run_table вернула {rows}: она должна проверить и посчитать все "
        "{count} строк",
    "a harness where {pair} is {now} (harness {number} of {total}) passed your test: the test "
    "must fail it with an AssertionError":
        "обвязка, где {pair} — {now} (обвязка {number} из {total}), прошла твой тест: тест "
        "должен не пропустить её, упав с AssertionError",
    "a harness where {pair} is {now} (harness {number} of {total}) made it break ({result}): "
    "the test must fail it with an AssertionError":
        "обвязка, где {pair} — {now} (обвязка {number} из {total}), сломала его ({result}): "
        "тест должен не пропустить её, упав с AssertionError",
    # === chapter 5 (agentloop.checks.ch5, agentloop_grader.answers.ch5) ===
    # --- chapter 5's checks: hints, step by step (agentloop.checks.ch5.HINTS) ---
    "Count the reads first: how many pages do the card files make, `page_size` a page?":
        "Сначала посчитай чтения: сколько страниц дают файлы карточек по `page_size` на "
        "страницу?",
    "A last page that is not full is read all the same, and even an empty board is one page.":
        "Неполную последнюю страницу всё равно читают, и даже пустая доска — это одна "
        "страница.",
    "Then add the actions that come after the search, and check yourself on the example "
    "board: 5 actions.":
        "Потом прибавь действия, которые идут после поиска, и проверь себя на учебной доске: "
        "5 действий.",
    "Three of the four settings come straight from the office's rules; the page size is the "
    "exercise.":
        "Три из четырёх настроек берутся прямо из правил бюро; размер страницы — это и есть "
        "упражнение.",
    "Share out the five steps: what does the route take besides its reads, and what does one "
    "retry of a failed read take?":
        "Распредели пять шагов: что занимает маршрут, кроме чтений, и что занимает один повтор "
        "неудачного чтения?",
    "What is left is the number of reads the board must fit in. Work it out for the ✘ board "
    "on paper, then with your `route_steps`.":
        "Остаток — это число чтений, в которое должна уложиться доска. Посчитай его для доски с "
        "✘ на бумаге, а потом своей `route_steps`.",
    "A page holds 1 to 50 card files: the workspace refuses any other page size.":
        "На странице от 1 до 50 файлов карточек: любой другой размер страницы рабочая папка "
        "отклоняет.",
    "A very short board fits at any page size; a very long one fits at none.":
        "Очень короткая доска укладывается при любом размере страницы, очень длинная — ни при "
        "каком.",
    "When nothing fits, the run should read as much of the board as it can before the limit "
    "stops it.":
        "Когда не подходит ничто, запуск должен прочитать столько доски, сколько сможет, прежде "
        "чем его остановит предел.",
    "The controller refuses only what your schema forbids: the group's type and lengths "
    "belong in the schema.":
        "Контроллер отклоняет только то, что запрещает твоя схема: тип и длинам группы место в "
        "схеме.",
    "The observation has exactly the keys the exercise lists, no more.":
        "В наблюдении ровно те ключи, которые перечисляет упражнение, и не больше.",
    "Propose `count_blocked` through `validate_proposal` with an empty group and with 33 "
    "characters, as the cell below does: both must be refused.":
        "Предложи `count_blocked` через `validate_proposal` с пустой группой и с группой из 33 "
        "символов, как делает ячейка ниже: оба предложения должны быть отклонены.",
    "Read the board with `load_board(board)`: its cards and the files it could not read.":
        "Читай доску через `load_board(board)`: её карточки и файлы, которые она не смогла "
        "прочитать.",
    "A card is in the group when its own `group` field matches, ignoring case; a word in a "
    "title is not a group.":
        "Карточка входит в группу, когда совпадает её собственное поле `group`, без учёта "
        "регистра; слово в названии — не группа.",
    "Called directly, the tool checks its argument itself, and a board that cannot be read "
    "gives an error observation: never an exception.":
        "При прямом вызове инструмент сам проверяет свой аргумент, а доска, которую нельзя "
        "прочитать, даёт наблюдение-ошибку — и никогда не исключение.",
    "Only a complete search is judged; pages still unread mean there is nothing to ask yet.":
        "Оценивается только завершённый поиск; непрочитанные страницы значат, что спрашивать "
        "пока не о чем.",
    "The candidates are the matches and every card whose id is similar to a match's: one id "
    "is the other followed by `-` and more.":
        "Кандидаты — это совпадения и каждая карточка, чей номер похож на номер совпадения: "
        "один номер — это другой, за которым идут `-` и ещё что-то.",
    "One candidate is enough only when every card file was read — and the person's own "
    "choice settles it. Walk the ✘ case through the rules in the exercise's order.":
        "Одного кандидата достаточно, только когда прочитан каждый файл карточки, — а ещё дело "
        "решает собственный выбор человека. Пройди случай с ✘ по правилам в порядке "
        "упражнения.",
    "The question names every candidate with its title, and every card file that could not "
    "be read.":
        "Вопрос называет каждого кандидата с его названием и каждый файл карточки, который не "
        "удалось прочитать.",
    "It asks (a `?`) and picks nothing: no 'I picked', no 'the card is', and no other card.":
        "Он спрашивает (знак `?`) и ничего не выбирает: никаких 'I picked', никаких 'the card "
        "is' и никаких других карточек. Вопрос пиши по-английски: проверка читает английские "
        "слова.",
    "Print your question for the ✘ case and read it as Anya would: could she answer it?":
        "Напечатай свой вопрос для случая с ✘ и прочитай его глазами Ани: смогла бы она на него "
        "ответить?",
    "The report says that not every card was checked, and claims nothing else.":
        "Отчёт говорит, что проверены не все карточки, и больше ничего не утверждает.",
    "No success word, not even negated; no 'found', no card id; every file in "
    "`state['unreadable']` is named.":
        "Ни одного слова об успехе, даже с отрицанием; никакого 'found', никаких номеров "
        "карточек; каждый файл из `state['unreadable']` назван. Отчёт пиши по-английски: "
        "проверка читает английские слова.",
    "Read your report for the ✘ case word by word against the exercise's table.":
        "Сверь свой отчёт для случая с ✘ слово за словом с таблицей упражнения.",
    "The card files: how many were read, of how many, and how many were not — as numbers.":
        "Файлы карточек: сколько прочитано, из скольких и сколько не прочитано — числами.",
    "The pages: the state has no list of them, so count them from what each step of the run "
    "did.":
        "Страницы: их списка в состоянии нет, так что посчитай их по тому, что сделал каждый "
        "шаг запуска.",
    "What did a step whose read failed add? Compare your count with the `last_step_failure` "
    "route above.":
        "Что добавил шаг, чьё чтение не удалось? Сравни свой счёт с маршрутом "
        "`last_step_failure` выше.",
    # --- chapter 5's checks: titles and what each case tests (agentloop.checks.ch5) ---
    "route_steps(): the actions of the one-match route, for a board and a page size":
        "route_steps(): действия маршрута с одним совпадением для доски и размера страницы",
    "Count the reads first: how many pages does the board make (a last page that is not full "
    "is read all the same, and even an empty board is one page)? Then add the actions that "
    "come after the search.":
        "Сначала посчитай чтения: сколько страниц даёт доска (неполную последнюю страницу всё "
        "равно читают, и даже пустая доска — одна страница)? Потом прибавь действия, которые "
        "идут после поиска.",
    "14 card files, 5 a page (the example board)":
        "14 файлов карточек, 5 на страницу (учебная доска)",
    "a last page that is not full is still a page to read":
        "неполная последняя страница — всё равно страница, которую нужно прочитать",
    "16 card files, 5 a page": "16 файлов карточек, 5 на страницу",
    "101 card files, 50 a page": "101 файл карточек, 50 на страницу",
    "14 card files, 2 a page": "14 файлов карточек, 2 на страницу",
    "card files that fill every page exactly make no extra page":
        "файлы карточек, которые ровно заполняют каждую страницу, лишней страницы не дают",
    "15 card files, 5 a page": "15 файлов карточек, 5 на страницу",
    "100 card files, 50 a page": "100 файлов карточек, 50 на страницу",
    "3 card files, 5 a page": "3 файла карточек, 5 на страницу",
    "a board that fits on one page: one read, then validate and draft":
        "доска, которая умещается на одной странице: одно чтение, потом проверка и черновик",
    "1 card file, 1 a page": "1 файл карточки, 1 на страницу",
    "an empty board, 5 a page": "пустая доска, 5 на страницу",
    "an empty board is still one (empty) page to read":
        "пустая доска — всё равно одна (пустая) страница, которую нужно прочитать",
    "office_policy(): the route and a retry fit, with the fewest card files a page":
        "office_policy(): маршрут и повтор укладываются при наименьшем числе файлов карточек "
        "на страницу",
    "Count the one-match route's actions for a page size: every page, validate, draft, and "
    "the check's board fails its first read once. Which page size is the smallest that still "
    "fits in max_steps? (1 to 50 card files a page.)":
        "Посчитай действия маршрута с одним совпадением для размера страницы: все страницы, "
        "проверка, черновик, а первое чтение доски проверки один раз сбоит. Какой наименьший "
        "размер страницы ещё укладывается в max_steps? (От 1 до 50 файлов карточек на "
        "страницу.)",
    "14 card files (as many as the example board)":
        "14 файлов карточек (столько же, сколько на учебной доске)",
    "the route and one retry fit in five steps, with the fewest card files a page":
        "маршрут и один повтор укладываются в пять шагов при наименьшем числе файлов карточек "
        "на страницу",
    "10 card files": "10 файлов карточек",
    "5 card files": "5 файлов карточек",
    "99 card files": "99 файлов карточек",
    "100 card files": "100 файлов карточек",
    "office_policy(): the smallest and the longest boards":
        "office_policy(): самые маленькие и самые длинные доски",
    "A page holds at least 1 card file and at most 50 (the workspace refuses others); when "
    "even the largest page does not fit, the run should still read as much as it can before "
    "the limit stops it.":
        "На странице не меньше 1 и не больше 50 файлов карточек (другие размеры рабочая папка "
        "отклоняет); когда не подходит даже самая большая страница, запуск всё равно должен "
        "прочитать столько, сколько сможет, прежде чем его остановит предел.",
    "an empty board": "пустая доска",
    "a board so short that one card file a page fits: page_size 1 (a page holds one)":
        "доска настолько короткая, что подходит один файл карточки на страницу: page_size 1 (на "
        "странице один файл)",
    "1 card file": "1 файл карточки",
    "101 card files": "101 файл карточек",
    "a board no page size fits: the largest page the workspace allows, so the run reads as "
    "much as it can before it stops at the limit":
        "доска, под которую не подходит ни один размер страницы: самая большая страница, "
        "которую допускает рабочая папка, чтобы запуск прочитал столько, сколько сможет, прежде "
        "чем остановится на пределе",
    "150 card files": "150 файлов карточек",
    "400 card files": "400 файлов карточек",
    "count_blocked behind the controller: what its schema lets through":
        "count_blocked за контроллером: что пропускает его схема",
    "The controller refuses only what the schema forbids: which type and which lengths may a "
    "group have? The observation has exactly ok, group, blocked, count and unreadable.":
        "Контроллер отклоняет только то, что запрещает схема: какой тип и какая длина могут "
        "быть у группы? В наблюдении ровно ok, group, blocked, count и unreadable.",
    "count_blocked('lab') on the example board": "count_blocked('lab') на учебной доске",
    "a group of 1 to 32 characters runs: its blocked cards, their count, the unreadable files":
        "группа от 1 до 32 символов выполняется: её заблокированные карточки, их число, "
        "нечитаемые файлы",
    "count_blocked('LAB'): the group ignores case":
        "count_blocked('LAB'): группа сравнивается без учёта регистра",
    "a group of 32 characters runs (no such group)":
        "группа из 32 символов выполняется (такой группы нет)",
    "an empty group → refused (bad_argument)": "пустая группа → отклонено (bad_argument)",
    "a bad group (empty, longer than 32, not a text) is refused by the controller":
        "плохую группу (пустую, длиннее 32, не текст) отклоняет контроллер",
    "a group of 33 characters → refused": "группа из 33 символов → отклонено",
    "group 3, not a text → refused (bad_argument)": "group 3, не текст → отклонено (bad_argument)",
    "no group → refused (missing_argument)": "нет group → отклонено (missing_argument)",
    "an extra status → refused (extra_argument)": "лишний status → отклонено (extra_argument)",
    "read_task_cards still runs next to it": "read_task_cards по-прежнему работает рядом с ним",
    "the officer's tools keep working next to count_blocked":
        "инструменты «Дежурного» продолжают работать рядом с count_blocked",
    "count_blocked called directly on generated boards":
        "count_blocked, вызванный напрямую на сгенерированных досках",
    "Read the board with load_board (BoardError: the board cannot be read); a card is in the "
    "group when its group field equals the argument, ignoring case; check the argument "
    "yourself before you use it.":
        "Читай доску через load_board (BoardError: доску нельзя прочитать); карточка входит в "
        "группу, когда её поле group равно аргументу без учёта регистра; проверяй аргумент сам, "
        "прежде чем им пользоваться.",
    "'lab' on the example board": "'lab' на учебной доске",
    "the group's blocked cards by id, sorted, and how many; a group word in a title does not "
    "count":
        "заблокированные карточки группы по номерам, отсортированные, и их число; слово группы в "
        "названии не в счёт",
    "'admin' on the example board": "'admin' на учебной доске",
    "'Lab' is the same group as 'lab'": "'Lab' — та же группа, что и 'lab'",
    "the group is compared without regard to case": "группа сравнивается без учёта регистра",
    "'design': no blocked card": "'design': ни одной заблокированной карточки",
    "a group without blocked cards: ok, an empty list, count 0":
        "группа без заблокированных карточек: ok, пустой список, count 0",
    "'kitchen': no card at all": "'kitchen': вообще ни одной карточки",
    "the example board's task-012.md cannot be read":
        "task-012.md учебной доски прочитать нельзя",
    "card files that cannot be read are listed, sorted (the count may be incomplete)":
        "файлы карточек, которые нельзя прочитать, перечислены, отсортированные (подсчёт может "
        "быть неполным)",
    "group 42 → an error observation": "group 42 → наблюдение-ошибка",
    "called directly with a bad group: an error observation, never an exception":
        "прямой вызов с плохой группой: наблюдение-ошибка, и никогда не исключение",
    "an empty group → an error observation": "пустая группа → наблюдение-ошибка",
    "a group of 40 characters → an error observation": "группа из 40 символов → наблюдение-ошибка",
    "a board folder that is not there → an error observation":
        "папки доски нет → наблюдение-ошибка",
    "a board that cannot be read: an error observation, never an exception":
        "доска, которую нельзя прочитать: наблюдение-ошибка, и никогда не исключение",
    "after_search(): continue, or ask — the office's rule":
        "after_search(): продолжать или спросить — правило бюро",
    "Only a complete search is judged. Which cards could the person mean: the matches, and "
    "which others? When could a card file that was not read change the answer? And when does "
    "the person's own choice settle it?":
        "Оценивается только завершённый поиск. Какие карточки может иметь в виду человек: "
        "совпадения, а какие ещё? Когда непрочитанный файл карточки мог бы изменить ответ? И "
        "когда дело решает собственный выбор человека?",
    "'equipment': task-003 and task-003-copy": "'equipment': task-003 и task-003-copy",
    "several matches → needs_input": "несколько совпадений → needs_input",
    "'lab': five cards of the lab group": "'lab': пять карточек группы lab",
    "'task-003' on the fixed board: task-003-copy is there too":
        "'task-003' на исправленной доске: там есть и task-003-copy",
    "one match, but a card with a similar id is on the board → needs_input":
        "одно совпадение, но на доске есть карточка с похожим номером → needs_input",
    "'task-003-copy' on the fixed board: task-003 is there too":
        "'task-003-copy' на исправленной доске: там есть и task-003",
    "'posters' on the fixed board: task-004 alone":
        "'posters' на исправленной доске: только task-004",
    "one candidate, and every card file was read → continue":
        "один кандидат, и каждый файл карточки прочитан → continue",
    "'posters' on the office board: task-004 alone, task-012.md unread":
        "'posters' на доске бюро: только task-004, task-012.md не прочитан",
    "one candidate, but a card file could not be read → needs_input (it might be the card)":
        "один кандидат, но один файл карточки прочитать не удалось → needs_input (это может "
        "быть та самая карточка)",
    "'task-004' with task-0040 on the board": "'task-004', а на доске есть task-0040",
    "an id that only starts like the match's (task-004, task-0040) is not similar → continue":
        "номер, который лишь начинается так же, как у совпадения (task-004, task-0040), — не "
        "похожий → continue",
    "'catering': nothing on the whole board": "'catering': на всей доске ничего",
    "no match on the whole board → needs_input": "ни одного совпадения на всей доске → needs_input",
    "'equipment' after page 1 of 3": "'equipment' после страницы 1 из 3",
    "pages still unread → continue, ask nothing yet":
        "страницы ещё не прочитаны → continue, пока ни о чём не спрашивать",
    "'task-003', the card Anya chose: task-003-copy and task-012.md are still there":
        "'task-003', карточка, которую выбрала Аня: task-003-copy и task-012.md всё ещё на месте",
    "the person chose the card the search found → continue, whatever else is on the board":
        "человек выбрал карточку, которую нашёл поиск → continue, что бы ещё ни было на доске",
    "after_search(): the question a person is asked":
        "after_search(): вопрос, который задают человеку",
    "Name every candidate with its title (load_board gives you the cards) and every card file "
    "that could not be read, ask the person, and name no other card; with no candidate, quote "
    "the query and say that no card matched.":
        "Назови каждого кандидата с его названием (карточки даёт load_board) и каждый файл "
        "карточки, который не удалось прочитать, спроси человека и не называй никаких других "
        "карточек; если кандидатов нет, процитируй запрос и скажи, что ни одна карточка не "
        "подошла. Вопрос пиши по-английски: проверка читает английские слова.",
    "'equipment' on the fixed board: two cards": "'equipment' на исправленной доске: две карточки",
    "several candidates: the question names each with its title and picks none":
        "несколько кандидатов: вопрос называет каждого с его названием и никого не выбирает",
    "'lab' on the fixed board: five cards": "'lab' на исправленной доске: пять карточек",
    "'task-003' and its similar task-003-copy": "'task-003' и похожий на него task-003-copy",
    "a similar id: the question names both cards with their titles":
        "похожий номер: вопрос называет обе карточки с их названиями",
    "'posters' on the office board: task-004, and task-012.md unread":
        "'posters' на доске бюро: task-004, а task-012.md не прочитан",
    "one card, but a card file went unread: the question names the card with its title and "
    "the file, and asks to confirm":
        "одна карточка, но один файл карточки остался непрочитанным: вопрос называет карточку с "
        "её названием и файл и просит подтвердить",
    "'equipment' on the office board: two cards, and task-012.md unread":
        "'equipment' на доске бюро: две карточки, а task-012.md не прочитан",
    "every card file that could not be read is named in the question: it might be the card":
        "каждый файл карточки, который не удалось прочитать, назван в вопросе: это может быть "
        "та самая карточка",
    "'catering' on the fixed board: nothing matched":
        "'catering' на исправленной доске: ничего не подошло",
    "no match: the question quotes the query and says no card matched":
        "совпадений нет: вопрос цитирует запрос и говорит, что ни одна карточка не подошла",
    "'catering' on the office board: nothing matched that could be read":
        "'catering' на доске бюро: не подошло ничего из того, что удалось прочитать",
    "limit_report(): honest about what was not checked":
        "limit_report(): честно о том, что не проверено",
    "Say that not all cards were checked, name each file in state['unreadable'], and claim "
    "nothing: no success words (not even negated), no 'found', no card id.":
        "Скажи, что проверены не все карточки, назови каждый файл из state['unreadable'] и "
        "ничего не утверждай: ни слов об успехе (даже с отрицанием), ни 'found', ни номеров "
        "карточек. Отчёт пиши по-английски: проверка читает английские слова.",
    "the limit route: 2 card files a page, 5 steps":
        "маршрут limit: 2 файла карточек на страницу, 5 шагов",
    "says that not every card was checked; no success words, nothing found, no card":
        "говорит, что проверены не все карточки; никаких слов об успехе, ничего не найдено, ни "
        "одной карточки",
    "the limit2 route: 5 a page, 2 steps": "маршрут limit2: 5 на страницу, 2 шага",
    "13 a page, 1 step: task-012.md was on the page read":
        "13 на страницу, 1 шаг: task-012.md был на прочитанной странице",
    "names every card file on the pages read that could not be read":
        "называет каждый файл карточки на прочитанных страницах, который не удалось прочитать",
    "3 a page, 4 steps: the first read failed and was retried":
        "3 на страницу, 4 шага: первое чтение не удалось и было повторено",
    "the last_step_failure route: the fifth read failed, no step left for the retry":
        "маршрут last_step_failure: пятое чтение не удалось, на повтор не осталось шага",
    "limit_report(): the counts of what was read and what was not, and no false claim":
        "limit_report(): сколько прочитано и сколько нет, и ни одного ложного утверждения",
    "The card files: state['scanned'] of state['total'], and how many were not read. The "
    "pages: the state has no list of them — what did each step of this run do, and what did "
    "a step whose read failed add? Any other number must be one of the run's counts or "
    "limits.":
        "Файлы карточек: state['scanned'] из state['total'] и сколько не прочитано. Страницы: "
        "их списка в состоянии нет — что сделал каждый шаг этого запуска и что добавил шаг, чьё "
        "чтение не удалось? Любое другое число должно быть одним из счётчиков или пределов "
        "запуска.",
    "states the card files read, of how many, and how many were not; the pages read, of how "
    "many; no other number, and no false claim":
        "называет прочитанные файлы карточек, из скольких и сколько не прочитано; прочитанные "
        "страницы, из скольких; никаких других чисел и ни одного ложного утверждения",
    "a read that failed read no page: the pages read are fewer than the steps":
        "неудавшееся чтение не прочитало ни одной страницы: прочитанных страниц меньше, чем "
        "шагов",
    # --- the cases only the grader adds (agentloop_grader.answers.ch5) ---
    "generated board {number}": "сгенерированная доска {number}",
    "generated board of {count} card files": "сгенерированная доска из {count} файлов карточек",
    "generated long board {number}": "сгенерированная длинная доска {number}",
    # --- why a chapter 5 answer is wrong (agentloop.checks.ch5) ---
    "return the number of actions as a whole number (an int), got {output}":
        "верни число действий целым числом (int), получено {output}",
    "{card_files} card files, {page_size} a page: the route takes {expected} actions, not "
    "{output}":
        "{card_files} файлов карточек, {page_size} на страницу: маршрут делает {expected} "
        "действий, а не {output}",
    "the settings do not load as a workspace: {problem}":
        "настройки не загружаются как рабочая папка: {problem}",
    "return a dict with exactly {keys}; got {output}":
        "верни словарь ровно с {keys}; получено {output}",
    "the office allows {max_steps} actions a run: max_steps {steps}":
        "бюро допускает {max_steps} действий за запуск: max_steps {steps}",
    "the office allows one retry of a failed read: max_retries 1":
        "бюро допускает один повтор неудачного чтения: max_retries 1",
    "guards: the repeated-action guard and nothing else, ['repeated']":
        "guards: предохранитель от повторных действий и ничего больше, ['repeated']",
    "page_size {page} fits as well: use the fewest card files a page (a page is what the "
    "model is sent in one go)":
        "page_size {page} тоже укладывается: бери наименьшее число файлов карточек на страницу "
        "(страница — это то, что модель получает за один раз)",
    "with page_size {page}, on a board of {count} card files whose first read fails once, "
    "the run stops at the limit on step {step}: the route and its retry do not fit in "
    "max_steps {max_steps}":
        "с page_size {page} на доске из {count} файлов карточек, первое чтение которой один раз "
        "сбоит, запуск останавливается на пределе на шаге {step}: маршрут и его повтор не "
        "укладываются в max_steps {max_steps}",
    "no page size fits {count} card files: take the largest page the workspace allows, so "
    "that the run reads as much as it can (page_size {page} reads {scanned} before the "
    "limit)":
        "ни один размер страницы не подходит для {count} файлов карточек: возьми самую большую "
        "страницу, которую допускает рабочая папка, чтобы запуск прочитал столько, сколько "
        "сможет (page_size {page} успевает прочитать {scanned} до предела)",
    "expected an error observation {'ok': False, 'error': ...}, got {output}":
        "ожидалось наблюдение-ошибка {'ok': False, 'error': ...}, получено {output}",
    "an error observation says why in 'error', a non-empty text":
        "наблюдение-ошибка говорит причину в 'error', непустым текстом",
    "the observation has the keys {keys}; expected {expected}":
        "в наблюдении ключи {keys}; ожидались {expected}",
    "no tool named 'count_blocked' is in the registry after your function ran":
        "после того как твоя функция отработала, инструмента с именем 'count_blocked' в реестре "
        "нет",
    "give count_blocked a description a model can read (a sentence)":
        "дай count_blocked описание, которое может прочитать модель (одно предложение)",
    "the reported outcome does not match what the controller decides for that schema":
        "сообщённый исход не совпадает с тем, что решает контроллер для этой схемы",
    "the controller ran it; it should refuse it with {expected}: check the schema":
        "контроллер это выполнил; он должен отклонить с {expected}: проверь схему",
    "refused with {code}; expected {expected}": "отклонено с {code}; ожидалось {expected}",
    "the controller refused it with {code}; it should run":
        "контроллер отклонил это с {code}; это должно выполниться",
    "return a pair (decision, question), got {output}":
        "верни пару (decision, question), получено {output}",
    "pages are still unread": "страницы ещё не прочитаны",
    "expected {expected}, got {output} ({why})": "ожидалось {expected}, получено {output} ({why})",
    "continue asks nothing: the question is None":
        "continue ни о чём не спрашивает: вопрос равен None",
    "needs_input comes with the question for the person, a non-empty str":
        "needs_input приходит с вопросом для человека, непустой строкой str",
    "expected 'needs_input', got {output}": "ожидалось 'needs_input', получено {output}",
    "keep the question under 500 characters: a person has to read it":
        "уложи вопрос в 500 символов: его будет читать человек",
    "the question names {card}, which is not one of the candidates":
        "вопрос называет {card}, а это не один из кандидатов",
    "ask the person: the question needs a '?'": "спроси человека: вопросу нужен знак '?'",
    "nothing was chosen, but the question says {words}":
        "ничего не выбрано, а в вопросе сказано {words}",
    "{file} could not be read, so it might be the card: name every card file that could not "
    "be read":
        "{file} не удалось прочитать, так что это может быть та самая карточка: назови каждый "
        "файл карточки, который не удалось прочитать",
    "say what was searched for: quote the query {query}":
        "скажи, что искали: процитируй запрос {query}",
    "the person must see every candidate; missing {card}":
        "человек должен увидеть каждого кандидата; не хватает {card}",
    "give each candidate its title, so the person can tell them apart: {card} is {title}":
        "дай каждому кандидату его название, чтобы человек мог их различить: {card} — это "
        "{title}",
    "cards did match: do not say that none did":
        "карточки подошли: не говори, что ни одна не подошла",
    "say that not every card was checked (e.g. 'not all cards were checked')":
        "скажи, что проверены не все карточки (например, 'not all cards were checked')",
    "keep the report under 400 characters: a person has to read it":
        "уложи отчёт в 400 символов: его будет читать человек",
    "nothing was achieved, but the report says {words} (even negated)":
        "ничего не достигнуто, а в отчёте сказано {words} (даже с отрицанием)",
    "no card was confirmed: do not say 'found'":
        "ни одна карточка не подтверждена: не пиши 'found'",
    "not everything was checked, but the report claims it was":
        "проверено не всё, а отчёт утверждает обратное",
    "the search ended before its last page, but the report says {pages} of {total} pages "
    "were read":
        "поиск закончился раньше своей последней страницы, а отчёт говорит, что прочитано "
        "{pages} страниц из {total}",
    "name no card ({card}): the matches on the pages read are not a result":
        "не называй карточек ({card}): совпадения на прочитанных страницах — не результат",
    "name every card file that could not be read: {file} is missing":
        "назови каждый файл карточки, который не удалось прочитать: не хватает {file}",
    "say how many card files were read, of how many ({scanned} of {total})":
        "скажи, сколько файлов карточек прочитано и из скольких ({scanned} из {total})",
    "say how many card files were not read, as a number ({unread})":
        "скажи числом, сколько файлов карточек не прочитано ({unread})",
    "the report says {said} of {of} pages were read, but the run read {pages}: count the "
    "reads that worked":
        "отчёт говорит, что прочитано {said} страниц из {of}, а запуск прочитал {pages}: "
        "считай чтения, которые удались",
    "say how many pages were read, of how many ({pages} of {page_count})":
        "скажи, сколько страниц прочитано и из скольких ({pages} из {page_count})",
    "the report says {number}, which is none of this run's counts or limits":
        "в отчёте есть число {number}, а такого счётчика или предела у этого запуска нет",
    # --- chapters 2 and 3: the controller's reasons, whole numbers, the proposal explorer,
    # the transcript, its viewer and the token plot ---
    "proposal rejected ({code}): {reason}": "предложение отклонено (`{code}`): {reason}",
    "a proposal must be a dict, got {kind}":
        "предложение должно быть словарём (dict), а получено {kind}",
    "type must be 'tool' or 'final', got {kind}":
        "type должен быть 'tool' или 'final', а получено {kind}",
    "a {kind} proposal needs {field}": "предложению типа {kind} нужно поле {field}",
    "a {kind} proposal has only {fields}; got also {field}":
        "у предложения типа {kind} есть только поля {fields}; а пришло ещё и {field}",
    "no tool named {name}; registered: {names}":
        "нет инструмента с именем {name}; в реестре: {names}",
    "args must be a dict of argument values, got {args}":
        "args должен быть словарём значений аргументов, а получено {args}",
    "{name} needs the argument {arg}": "инструменту {name} нужен аргумент {arg}",
    "{name} takes {allowed}; got also {arg}":
        "инструмент {name} принимает {allowed}; а пришёл ещё и {arg}",
    "{name}'s {arg} must be {kind}, got {value}":
        "аргумент {arg} инструмента {name} должен быть типа {kind}, а получено {value}",
    "{name}'s {arg} must be from {low} to {high} characters, got {value}":
        "аргумент {arg} инструмента {name} должен быть длиной от {low} до {high} символов, а "
        "получено {value}",
    "{name}'s {arg} must be from {low} to {high}, got {value}":
        "аргумент {arg} инструмента {name} должен быть от {low} до {high}, а получено {value}",
    "{name}'s {arg} must be at most {high} characters, got {value}":
        "аргумент {arg} инструмента {name} должен быть не длиннее {high} символов, а "
        "получено {value}",
    "{name}'s {arg} must be at least {low} characters, got {value}":
        "аргумент {arg} инструмента {name} должен быть не короче {low} символов, а получено "
        "{value}",
    "{name}'s {arg} must be at most {high}, got {value}":
        "аргумент {arg} инструмента {name} должен быть не больше {high}, а получено {value}",
    "{name}'s {arg} must be at least {low}, got {value}":
        "аргумент {arg} инструмента {name} должен быть не меньше {low}, а получено {value}",
    "{name}'s {arg} must be the requested key {key}, got {value}":
        "аргумент {arg} инструмента {name} должен быть запрошенным ключом {key}, а получено "
        "{value}",
    "a final answer needs an observation first: call a tool":
        "для итогового ответа сначала нужно наблюдение: вызови инструмент",
    "the answer must be what the last tool call returned ({result}), got {answer}":
        "ответ должен быть тем, что вернул последний вызов инструмента ({result}), а "
        "получено {answer}",
    "tokens": "токены",
    "key must be a string of {low} to {high} characters, got {key}":
        "ключ должен быть строкой от {low} до {high} символов, а получено {key}",
    "{field} is not valid JSON ({error} at column {column})":
        "{field} — не правильный JSON ({error}, столбец {column})",
    "the run ends with answer {answer}": "запуск заканчивается ответом {answer}",
    "the controller runs {tool}({args})": "контроллер выполняет {tool}({args})",
    "not validated yet: {reason}": "ещё не проверено: {reason}",
    "accepted: {reason}": "принято: {reason}",
    "REJECTED ({code}): {reason} — nothing ran":
        "ОТКЛОНЕНО ({code}): {reason} — ничего не выполнялось",
    "REJECTED ({code}): {reason}": "ОТКЛОНЕНО ({code}): {reason}",
    "ran {tool} → {result}": "выполнен {tool} → {result}",
    "final answer accepted → {status}": "итоговый ответ принят → {status}",
    "the controller refused a proposal: run() raises ProposalRejected here":
        "контроллер отклонил предложение: здесь run() выбрасывает ProposalRejected",
    "status: stopped — 1 step used and no final answer: not a success, whatever the lookup "
    "returned":
        "статус: stopped — использован 1 шаг, а итогового ответа нет: это не успех, что бы "
        "ни вернул lookup",
    "status: stopped — {max_steps} steps used and no final answer: not a success, whatever "
    "the lookup returned":
        "статус: stopped — шагов использовано: {max_steps}, а итогового ответа нет: это не "
        "успех, что бы ни вернул lookup",
    "status: {status}; answer: {answer}": "статус: {status}; ответ: {answer}",
    "proposal": "предложение",
    "outcome": "итог",
    "asked about": "запрос о",
    "after one lookup": "после одного lookup",
    "preset": "заготовка",
    "type": "тип",
    "tool name": "имя инструмента",
    "args (JSON)": "args (JSON)",
    "answer (JSON)": "answer (JSON)",
    "planner": "планировщик",
    "One proposal": "Одно предложение",
    "A whole run": "Целый запуск",
    "lookup the requested key": "lookup запрошенного ключа",
    "lookup another key": "lookup другого ключа",
    "lookup with an extra argument": "lookup с лишним аргументом",
    "lookup a 40-character key": "lookup ключа из 40 символов",
    "run Python code": "выполнить код на Python",
    "final: what was observed": "final: то, что наблюдалось",
    "final: an invented record": "final: выдуманная запись",
    "final: nothing found (None)": "final: ничего не найдено (None)",
    "type a requested key of 1 to 32 characters":
        "введи запрошенный ключ длиной от 1 до 32 символов",
    "asked about {key}, after one lookup": "запрос о {key}, после одного lookup",
    "asked about {key}, before any step": "запрос о {key}, до первого шага",
    "(not valid JSON)": "(не правильный JSON)",
    "proposal: {proposal}": "предложение: {proposal}",
    "task: {task}": "задача: {task}",
    "  step {step}. end: {answer}": "  шаг {step}. конец: {answer}",
    "  step {step}. plan: {plan}": "  шаг {step}. план: {plan}",
    "    action: {action}": "    действие: {action}",
    "    observation (error): {content}": "    наблюдение (ошибка): {content}",
    "    observation: {content}": "    наблюдение: {content}",
    "  stopping: {why}": "  остановка: {why}",
    "{reason} → to an employee": "{reason} → к сотруднику",
    "needs a human — {reason}": "нужен человек — {reason}",
    "the model stopped ({reason})": "модель остановилась ({reason})",
    "pending approval: {requests}": "ждут одобрения: {requests}",
    "{request} for {order}": "{request} по заказу {order}",
    "{max_steps} steps without an answer": "шагов без ответа: {max_steps}",
    "no reason": "без причины",
    "same action twice → to an employee": "то же действие дважды → к сотруднику",
    "token budget passed ({total} > {budget}) → to an employee":
        "бюджет токенов превышен ({total} > {budget}) → к сотруднику",
    "— (answered)": "— (ответ)",
    "not run": "не выполнялось",
    "exit: end_turn on step {step} (the model answered)":
        "выход: end_turn на шаге {step} (модель ответила)",
    "exit: a guard on step {step} ({reason})": "выход: предохранитель на шаге {step} ({reason})",
    "exit: {exit} on step {step} ({reason})": "выход: {exit} на шаге {step} ({reason})",
    "plan": "план",
    "tokens sent": "отправлено токенов",
    "running total": "нарастающий итог",
    "task": "задача",
    "repeated-action guard": "предохранитель от повтора",
    "token budget guard": "предохранитель бюджета токенов",
    "budget": "бюджет",
    "yes": "да",
    "no": "нет",
    "over {budget}?": "больше {budget}?",
    "an action to run?": "есть действие?",
    # --- the start page's other languages (agentloop.practice.start, the site) ---
    "The course in other languages": "Курс на других языках",
    # --- what the grader writes back to a student (agentloop_grader.judge: the lines under a
    # graded cell; agentloop_grader.report.feedback_words: nbgrader's feedback page) ---
    "the sandbox produced no result for this check":
        "песочница не вернула результата для этой проверки",
    "the answer cells did not define {name}":
        "ячейки с ответами не определили `{name}`",
    "the notebook was not run":
        "блокнот не запускался",
    "the cell did not run (the sandbox ended before it)":
        "ячейка не выполнилась (песочница завершилась раньше неё)",
    "{count}/{total} cases failed; {label}: {reason}":
        "не пройдено случаев: {count} из {total}; {label}: {reason}",
    "{count}/{total} cases failed; {label}: {reason} (and {more} more)":
        "не пройдено случаев: {count} из {total}; {label}: {reason} (и ещё {more})",
    "the test wrote to stderr (stock nbgrader gives 0 for that)":
        "тест писал в `stderr` (обычный nbgrader ставит за это 0)",
    "partial credit: {score} of {points}":
        "часть баллов: {score} из {points}",
    "(Score: {score} / {points})":
        "(баллы: {score} из {points})",
    "Late submission penalty (Score: -{score})":
        "Штраф за опоздание (баллы: -{score})",
    "Score: {score} / {points}":
        "Баллы: {score} из {points}",
    "Test cell":
        "Проверка",
    "Coding free-response":
        "Ответ кодом",
    "Written response":
        "Письменный ответ",
    "Task":
        "Задание",
    "Comment":
        "Комментарий",
    "Student's answer":
        "Твой ответ",
    "Student's task":
        "Твоё задание",
    "Grade cell:":
        "Проверка:",
    "Task:":
        "Задание:",
    "(Top)":
        "(наверх)",
    "Comments:":
        "Комментарии:",
    # --- chapter 4: an illegal move, where a session stands, the harness command and view ---
    "illegal transition {source} -> {target}; from {source} the allowed targets are: "
    "{allowed}":
        "недопустимый переход {source} -> {target}; из {source} можно перейти только в: "
        "{allowed}",
    "illegal transition {source} -> {target}; from {source} the allowed targets are: none "
    "(DONE is the only exit)":
        "недопустимый переход {source} -> {target}; из {source} перейти некуда (DONE — "
        "единственный выход)",
    "state: {state}": "состояние: {state}",
    "goal: {goal}": "цель: {goal}",
    "events: {count}": "событий: {count}",
    "turns: {turns}, tool calls: {tool_calls}, errors: {errors}, replans: {replans}":
        "ходов: {turns}, вызовов инструментов: {tool_calls}, ошибок: {errors}, "
        "перепланирований: {replans}",
    "step {index} {name}: {status}": "шаг {index} {name}: {status}",
    "waiting for tool: {call_id} {tool} {args}": "ждёт инструмента: {call_id} {tool} {args}",
    "outcome: {outcome}": "исход: {outcome}",
    "paused: {reason} ({limit} {used}/{max}), taken in {state}":
        "пауза: {reason} ({limit} {used}/{max}), взята в {state}",
    "paused: {reason}, taken in {state}": "пауза: {reason}, взята в {state}",
    "yield point: paused, {reason} ({limit} {used}/{max}), taken in {state}":
        "точка передачи управления: пауза, {reason} ({limit} {used}/{max}), взята в {state}",
    "yield point: paused, {reason}, taken in {state}":
        "точка передачи управления: пауза, {reason}, взята в {state}",
    "cannot write the event log to {path}: {error}":
        "не удаётся записать журнал событий в {path}: {error}",
    "the session is paused, not finished: raise --max-{limit} to let it finish":
        "сессия на паузе, а не закончена: увеличь --max-{limit}, чтобы она дошла до конца",
    "events written to {path}": "события записаны в {path}",
    "not drawn: every active state can pause to IDLE, and a resume goes back to it":
        "не нарисовано: любое активное состояние может уйти на паузу в IDLE, а продолжение "
        "возвращает в него",
    "not started: press '{button}' to run(goal)":
        "не запущено: нажми «{button}», чтобы вызвать run(goal)",
    "next yield point": "следующая точка передачи управления",
    "yield point: AWAITING_TOOL, request {call_id} {tool} {args}":
        "точка передачи управления: AWAITING_TOOL, запрос {call_id} {tool} {args}",
    "DONE: outcome {outcome}": "DONE: исход {outcome}",
    "offset": "номер",
    "at": "время",
    "facts": "факты",
    "tool calls": "вызовы",
    "seconds": "секунды",
    "block rm -rf": "блокировать rm -rf",
    "extend & resume": "расширить и продолжить",
    "restart": "заново",
    "budget: turns {turns}/{max_turns}, tool calls {tool_calls}/{max_tool_calls}, seconds "
    "{seconds}/{max_seconds}":
        "бюджет: ходы {turns}/{max_turns}, вызовы инструментов "
        "{tool_calls}/{max_tool_calls}, секунды {seconds}/{max_seconds}",
    "states: {states}": "состояния: {states}",
    # --- chapter 5: the run banner (each line's key stays English), replaying a trace, a board
    # listed, the duty explorer ---
    "{board} — searched for {query}, {page_size} card files a page":
        "{board} — искали {query}, по {page_size} файлов карточек на странице",
    "{board} — searched for {query} (the person's answer), {page_size} card files a page":
        "{board} — искали {query} (ответ человека), по {page_size} файлов карточек на "
        "странице",
    "{board} — searched for {query} (the card the person's answer {answer} names), "
    "{page_size} card files a page":
        "{board} — искали {query} (карточку, которую называет ответ человека {answer}), по "
        "{page_size} файлов карточек на странице",
    "none — the live model chooses every step": "нет — каждый шаг выбирает живая модель",
    "{adapter} — {model}; every proposal is still checked":
        "{adapter} — {model}; каждое предложение всё равно проверяется",
    "live — {name}, through chapter 3's adapter; every proposal is still checked":
        "живая — {name}, через адаптер главы 3; каждое предложение всё равно проверяется",
    "scenario — the authors' scripted replies, not a live model and not a recording of one":
        "scenario — ответы по авторскому сценарию, не живая модель и не запись её ответов",
    "read every page, validate the match, draft its summary":
        "прочитать все страницы, проверить совпадение, составить его сводку",
    "none": "нет",
    "max_steps {max_steps}, max_retries {max_retries}; guards: {guards}":
        "max_steps {max_steps}, max_retries {max_retries}; предохранители: {guards}",
    "max_steps {max_steps}, max_retries {max_retries}; guards: {guards}; asks when {asks}":
        "max_steps {max_steps}, max_retries {max_retries}; предохранители: {guards}; "
        "спрашивает, когда {asks}",
    " or ": " или ",
    "a card has a similar id": "у карточки похожий id",
    "repeated action": "повтор действия",
    "token budget {budget}": "бюджет токенов {budget}",
    "tool call {numbers} fails once — injected by agent.json, as a board that does not "
    "answer in time":
        "вызов инструмента {numbers} один раз не удаётся — сбой задан в agent.json, как "
        "доска, которая не ответила вовремя",
    "tool calls {numbers} fail once — injected by agent.json, as a board that does not "
    "answer in time":
        "вызовы инструментов {numbers} по одному разу не удаются — сбои заданы в agent.json, "
        "как доска, которая не ответила вовремя",
    "none — the dispatcher's allowlist is empty, so nothing may run":
        "нет — список разрешённого у диспетчера пуст, так что ничего выполнять нельзя",
    "{tools} (the dispatcher's default allowlist: agent.json names no tools)":
        "{tools} (список разрешённого у диспетчера по умолчанию: agent.json не называет "
        "инструментов)",
    "{tools} (the dispatcher's allowlist)": "{tools} (список разрешённого у диспетчера)",
    "refused: {code}": "отклонено: {code}",
    "not run: a guard stopped it": "не выполнено: его остановил предохранитель",
    "not UTF-8 text (byte 0x{byte} at position {position})":
        "не текст в UTF-8 (байт 0x{byte} в позиции {position})",
    "not configured — agent.json has no contract, so the summary is not checked":
        "не настроен — в agent.json нет contract, так что сводка не проверяется",
    "{fields} — not checked: the run stopped before a summary was drafted":
        "{fields} — не проверен: запуск остановился раньше, чем была составлена сводка",
    "met — the summary states {fields}": "выполнен — сводка называет {fields}",
    "not met — the summary lacks {missing}": "не выполнен — в сводке нет {missing}",
    "not configured — agent.json has no save, so the answer is only printed":
        "не настроен — в agent.json нет save, так что ответ только печатается",
    "{path} — the summary": "{path} — сводка",
    "{path} — the question": "{path} — вопрос",
    "{path} — why no answer was confirmed": "{path} — почему ни один ответ не подтверждён",
    "{path} — the question, and the summary drafted but not confirmed":
        "{path} — вопрос и составленная, но не подтверждённая сводка",
    "not configured — agent.json has no state, so a question cannot be answered in a later "
    "run":
        "не настроен — в agent.json нет state, так что на вопрос нельзя ответить в следующем "
        "запуске",
    "no earlier answer used": "более раннего ответа не было",
    "this run answered the saved question with {answer} ({chosen})":
        "этот запуск ответил на сохранённый вопрос ответом {answer} ({chosen})",
    "this run answered the saved question with {answer}":
        "этот запуск ответил на сохранённый вопрос ответом {answer}",
    "the question is saved: answer it with --answer":
        "вопрос сохранён: ответь на него с --answer",
    "no new question": "нового вопроса нет",
    "not configured — agent.json has no trace, so this run cannot be replayed":
        "не настроен — в agent.json нет trace, так что этот запуск нельзя воспроизвести",
    "{trace} — replay this run with: agentloop replay {trace}":
        "{trace} — воспроизвести этот запуск: agentloop replay {trace}",
    "This technical run does not confirm the model's quality.":
        "Этот технический запуск не подтверждает качество модели.",
    "replayed: {trace} — {steps} steps, the same decisions and the same stop":
        "воспроизведено: {trace} — шагов: {steps}, те же решения и та же остановка",
    "against the board: step {step}'s {tool} {args} is not what the board {board} gives now "
    "— the trace has {key} {recorded}, the board gives {now}":
        "по доске: {tool} {args} шага {step} — не то, что доска {board} даёт сейчас: в "
        "журнале {key} {recorded}, а доска даёт {now}",
    "against the board: {board} gives every recorded observation again (1 tool call)":
        "по доске: {board} снова даёт каждое записанное наблюдение (1 вызов инструмента)",
    "against the board: {board} gives every recorded observation again ({count} tool calls)":
        "по доске: {board} снова даёт каждое записанное наблюдение (вызовов инструментов: "
        "{count})",
    "{trace}: step {step} does not replay: the trace has {key} {recorded}, the loop gives "
    "{now}":
        "{trace}: шаг {step} не воспроизводится: в журнале {key} {recorded}, а цикл даёт "
        "{now}",
    "{trace} does not replay: the trace has {count} steps, the loop takes {steps}":
        "{trace} не воспроизводится: в журнале шагов {count}, а цикл делает {steps}",
    "{trace} does not replay: the trace stops with {recorded}, the loop with {now}":
        "{trace} не воспроизводится: журнал останавливается на {recorded}, а цикл на {now}",
    "{trace} does not replay: its harness events differ from the loop's":
        "{trace} не воспроизводится: его события обвязки не те, что у цикла",
    "{board} — {count} card files": "{board} — файлов карточек: {count}",
    "{file}: unreadable — {reason}": "{file}: не читается — {reason}",
    "problems: {problems}": "проблемы: {problems}",
    "status {status} is not one of {statuses}": "статус {status} — не один из {statuses}",
    "blocked_by names {card}, which is not on the board":
        "blocked_by называет {card}, а такой карточки на доске нет",
    "blocked_by names {card}, which is not an id": "blocked_by называет {card}, а это не id",
    "status is blocked but blocked_by names no card":
        "статус blocked, но blocked_by не называет ни одной карточки",
    "the card is blocked by itself": "карточка заблокирована сама собой",
    "the title is empty": "заголовок пуст",
    "the group is empty": "группа пуста",
    "no {field} in the header": "в заголовке нет {field}",
    "Error: the board folder {board} was not found": "Error: папка доски {board} не найдена",
    "Error: the board did not answer in time (an injected fault: tool call {call} is in "
    "agent.json's faults)":
        "Error: доска не ответила вовремя (заданный сбой: вызов инструмента {call} есть в "
        "faults файла agent.json)",
    "board must be one of {boards}, got {board}":
        "board должна быть одной из: {boards}, а получено {board}",
    "query must be one of {queries}, got {query}":
        "query должен быть одним из: {queries}, а получено {query}",
    "tokens must be one of {budgets}, got {tokens}":
        "tokens должен быть одним из: {budgets}, а получено {tokens}",
    "page_size must be from {low} to {high} here, got {value}":
        "page_size здесь должен быть от {low} до {high}, а получено {value}",
    "no match": "совпадений нет",
    "page {page} of {pages}: {found}": "страница {page} из {pages}: {found}",
    "{card} is valid": "{card} в порядке",
    "summary of {cards}; contract met": "сводка по {cards}; контракт выполнен",
    "summary of {cards}; contract not met": "сводка по {cards}; контракт не выполнен",
    "(an observation)": "(наблюдение)",
    "{terminal} after 1 step": "{terminal} после 1 шага",
    "{terminal} after {steps} steps": "{terminal}, шагов: {steps}",
    "query": "запрос",
    "board": "доска",
    "token budget": "бюджет токенов",
    "office board": "доска офиса",
    "fixed board": "исправленная доска",
    "empty board": "пустая доска",
    "archive (missing)": "archive (нет такой)",
    # --- the commands' one-line errors (commands._options, commands.progress), a live model
    # that is not there ---
    "{flag} takes {what}, got {text}": "{flag} принимает {what}, а получено {text}",
    "a whole number": "целое число",
    "a number": "число",
    "a positive whole number": "положительное целое число",
    "a number of seconds": "число секунд",
    "{option} goes with --model {name}": "{option} используется только вместе с --model {name}",
    "--model {name} needs --base-url URL and --model-name NAME, e.g. --base-url {url} "
    "--model-name {model}":
        "для --model {name} нужны --base-url URL и --model-name NAME, например --base-url "
        "{url} --model-name {model}",
    "--workspace {folder} is not a practice workspace; ./course lab creates one (or: "
    "agentloop workspace)":
        "--workspace {folder} — не рабочая папка для практики; её создаёт ./course lab (или: "
        "agentloop workspace)",
    "nothing answers at {url}": "по адресу {url} никто не отвечает",
    # --- chapter 5: a person's --answer refused (duty.handover) ---
    "--answer needs a state file to find the question in; the workspace's agent.json has no "
    "state":
        "--answer нужен файл состояния, чтобы найти в нём вопрос; а в agent.json рабочей "
        "папки нет state",
    "--answer: {state} holds no question to answer; run without --answer first":
        "--answer: в {state} нет вопроса, на который можно ответить; сначала запусти без "
        "--answer",
    "--answer must be one line of {low} to {high} characters, got {answer}":
        "--answer должен быть одной строкой от {low} до {high} символов, а получено {answer}",
    "--answer {text} is not one of the cards the question offered: {offered}":
        "--answer {text} — не одна из карточек, которые предложил вопрос: {offered}",
    "--answer {text} is not one of the cards the question offered: {offered} (the board "
    "cannot be read, so an answer in words cannot be matched to a card; answer with an id)":
        "--answer {text} — не одна из карточек, которые предложил вопрос: {offered} (доску "
        "не прочитать, так что ответ словами не сопоставить с карточкой; ответь id)",
    "{words} fits {card}": "{words} подходит к {card}",
    "--answer {text} still fits more than one card: {which}. Which one do you mean? Answer "
    "with an id, or with a word only that card's title or group has.":
        "--answer {text} всё ещё подходит больше чем к одной карточке: {which}. Какую ты "
        "имеешь в виду? Ответь id или словом, которое есть только в заголовке или группе "
        "этой карточки.",
    "--answer {text} does not tell the cards apart: {words} fits every card the question "
    "offered ({listing}). Which one do you mean? Answer with an id, or with a word only that "
    "card's title or group has.":
        "--answer {text} не различает карточки: {words} подходит ко всем карточкам, которые "
        "предложил вопрос ({listing}). Какую ты имеешь в виду? Ответь id или словом, которое "
        "есть только в заголовке или группе этой карточки.",
    "--answer {text} does not tell the cards apart: {words} fit every card the question "
    "offered ({listing}). Which one do you mean? Answer with an id, or with a word only that "
    "card's title or group has.":
        "--answer {text} не различает карточки: {words} подходят ко всем карточкам, которые "
        "предложил вопрос ({listing}). Какую ты имеешь в виду? Ответь id или словом, которое "
        "есть только в заголовке или группе этой карточки.",
    "--answer {text} names none of the cards the question offered ({listing}). Which one do "
    "you mean? Answer with an id, or with a word only that card's title or group has.":
        "--answer {text} не называет ни одной из карточек, которые предложил вопрос "
        "({listing}). Какую ты имеешь в виду? Ответь id или словом, которое есть только в "
        "заголовке или группе этой карточки.",
    # --- chapter 5: --answer before any question (duty.shift) ---
    "--answer: no run of {workspace} has saved a question yet; run it without --answer first":
        "--answer: ни один запуск {workspace} ещё не сохранил вопроса; сначала запусти без "
        "--answer",
    # --- chapter 3: the token plot's figure (left-to-right languages) ---
    "tokens sent in this request (grey: no action to run)":
        "токены, отправленные в этом запросе (серым: действия нет)",
    "budget {budget}": "бюджет {budget}",
    "tokens (≈ words × 1.3)": "токены (≈ слова × 1,3)",
    "Every request resends the whole history": "Каждый запрос заново отправляет всю историю",
    # --- whole numbers out of range (validation.validate_whole_number), one sentence each ---
    "{name} must be an integer from {low} to {high}, got {value}":
        "значение {name} должно быть целым числом от {low} до {high}, а получено {value}",
    "{name} must be an integer from {low} to {high} {unit}, got {value}":
        "значение {name} должно быть целым числом от {low} до {high} ({unit}), а получено "
        "{value}",
    "{name} must be a positive integer, got {value}":
        "значение {name} должно быть положительным целым числом, а получено {value}",
    "{name} must be a whole number of 0 or more, got {value}":
        "значение {name} должно быть целым числом не меньше 0, а получено {value}",
    "{name} must be an integer of {low} or more, got {value}":
        "значение {name} должно быть целым числом не меньше {low}, а получено {value}",
    "{name} must be an integer of at most {high}, got {value}":
        "значение {name} должно быть целым числом не больше {high}, а получено {value}",
    "{name} must be an integer, got {value}":
        "значение {name} должно быть целым числом, а получено {value}",
    # --- chapter 5: the workspace's errors (duty.workspace, duty.shift) ---
    "{folder}: the workspace's path is not UTF-8 text; rename the folder, or pass it by a path "
    "that is":
        "{folder}: путь к рабочей папке — не текст в UTF-8; переименуй папку или укажи её по "
        "пути, который записан в UTF-8",
    "{folder} is not a folder; pass the workspace folder that holds {agent} and {policy}":
        "{folder} — не папка; укажи рабочую папку, в которой лежат {agent} и {policy}",
    "{where}: unknown field {field}; the fields are: {fields}":
        "{where}: неизвестное поле {field}; поля такие: {fields}",
    "{where}: missing {name} ({meaning})": "{where}: нет поля {name} ({meaning})",
    "what the duty officer is asked, a non-empty string":
        "о чём просят «Дежурного», непустая строка",
    "what to search the board for, a string of {low} to {high} characters":
        "что искать на доске, строка от {low} до {high} символов",
    "the folder of task cards, relative to the workspace":
        "папка с карточками задач, относительно рабочей папки",
    "{file} was not found; a workspace holds {agent} and {policy}":
        "{file} не найден; в рабочей папке лежат {agent} и {policy}",
    "{file} must hold a JSON object with the fields {required} (and optionally {optional})":
        "в {file} должен быть объект JSON с полями {required} (и, по желанию, {optional})",
    "{where}: {name} must be one line of text, 1 to {longest} characters, got {value}":
        "{where}: значение {name} должно быть одной строкой текста от 1 до {longest} символов, а "
        "получено "
        "{value}",
    "{where}: query must be one line of {low} to {high} characters, got {value}":
        "{where}: query должен быть одной строкой от {low} до {high} символов, а получено "
        "{value}",
    "{where}: page_size must be {allowed}, got {value}":
        "{where}: page_size должен быть {allowed}, а получено {value}",
    # (said inside "{where}: page_size must be {allowed}, …": in the instrumental case)
    "an integer from {low} to {high}": "целым числом от {low} до {high}",
    "{where}: {name} must be a list drawn from {allowed}, got {value}":
        "{where}: значение {name} должно быть списком из {allowed}, а получено {value}",
    "{where}: {name}[{index}] is {value}; allowed: {allowed}":
        "{where}: {name}[{index}] — это {value}; можно: {allowed}",
    "{where}: {name}[{index}] repeats {value}": "{where}: {name}[{index}] повторяет {value}",
    "{where}: contract is empty; name the card fields a finished answer must state ({fields}), "
    "or leave contract out":
        "{where}: contract пуст; назови поля карточки, которые должен называть готовый ответ "
        "({fields}), или убери contract совсем",
    "{where}: guards must be a list such as [\"repeated\", \"tokens=3000\"], got {value}":
        "{where}: guards должен быть списком, например [\"repeated\", \"tokens=3000\"], а "
        "получено {value}",
    "{where}: guards[{index}] is {value}; a guard is {spelling}":
        "{where}: guards[{index}] — это {value}; предохранитель записывается как {spelling}",
    "{where}: guards names a guard twice: {value}":
        "{where}: в guards один предохранитель назван дважды: {value}",
    "{where}: {name} must be a file path inside the workspace, got {value}":
        "{where}: значение {name} должно быть путём к файлу внутри рабочей папки, а получено "
        "{value}",
    "{where}: {name} must be a relative path inside the workspace (no '..', not absolute), got "
    "{value}":
        "{where}: значение {name} должно быть относительным путём внутри рабочей папки (без '..', "
        "не "
        "абсолютным), а получено {value}",
    "{where}: {name} would overwrite {file}; choose another file, e.g. out/answer.md":
        "{where}: {name} перезаписал бы {file}; выбери другой файл, например out/answer.md",
    "{where}: {name} must be a file name such as out/answer.md (not runs, not hidden), got "
    "{value}":
        "{where}: значение {name} должно быть именем файла вроде out/answer.md (не runs и не "
        "скрытым), а "
        "получено {value}",
    "{where}: save, state and trace must be three different files, got {files}":
        "{where}: save, state и trace должны быть тремя разными файлами, а получено {files}",
    "{where}: save, state and trace must be in one folder (each run writes them into a folder of "
    "its own under it), got {files}":
        "{where}: save, state и trace должны лежать в одной папке (каждый запуск пишет их в свою "
        "папку внутри неё), а получено {files}",
    "{where}: model must be {scenario}, '{live}MODEL_NAME' or an object {\"kind\": \"{kind}\", "
    "\"base_url\": …, \"model_name\": …}, got {value}":
        "{where}: model должен быть {scenario}, '{live}MODEL_NAME' или объектом {\"kind\": "
        "\"{kind}\", \"base_url\": …, \"model_name\": …}, а получено {value}",
    "{where}: model has unknown fields {fields}; allowed: {allowed}":
        "{where}: у model неизвестные поля {fields}; можно: {allowed}",
    "{where}: model.kind must be {kind} (the only kind of model object), got {value}":
        "{where}: model.kind должен быть {kind} (другого вида объекта model нет), а получено "
        "{value}",
    "{where}: model.{name} must be one line of text, e.g. {example}, got {value}":
        "{where}: значение model.{name} должно быть одной строкой текста, например {example}, а "
        "получено "
        "{value}",
    "{where}: faults must be a list of tool call numbers, an integer from {low} to {high}, such "
    "as [1]; got {value}":
        "{where}: faults должен быть списком номеров вызовов инструментов, целых чисел от {low} "
        "до {high}, например [1]; а получено {value}",
    "{where}: faults[{index}] must be an integer from {low} to {high} (a tool call of the run), "
    "got {value}":
        "{where}: faults[{index}] должен быть целым числом от {low} до {high} (вызов инструмента "
        "в этом запуске), а получено {value}",
    "{where}: faults[{index}] repeats {value}": "{where}: faults[{index}] повторяет {value}",
    "{where}: model {model} needs an API key: {variable} is not set (or use \"model\": "
    "\"scenario\")":
        "{where}: модели {model} нужен ключ API: {variable} не задана (или укажи \"model\": "
        "\"scenario\")",
    "{where}: model {model} needs the provider's SDK: pip install \"agentloop[live]\"":
        "{where}: модели {model} нужен SDK провайдера: pip install \"agentloop[live]\"",
    # --- chapter 5: the small JSON files a run reads (duty.jsonfile) ---
    "{file} is not UTF-8 text (byte 0x{byte} at position {position})":
        "{file} — не текст в UTF-8 (байт 0x{byte} в позиции {position})",
    "{file} is not valid JSON: {problem} at line {line}":
        "{file} — не корректный JSON: {problem} в строке {line}",
    "{file} is nested too deeply to be read as JSON":
        "{file} вложен слишком глубоко, чтобы прочитать его как JSON",
    "{file}: {where} holds text that is not valid Unicode (an escape such as \\udcfe that stands "
    "for no character)":
        "{file}: в {where} есть текст, который не является корректным Юникодом (экранирование "
        "вроде \\udcfe, за которым не стоит ни один символ)",
    "the file": "файл",
    "{file} was not found": "{file} не найден",
    "{file} is a folder, not a file": "{file} — папка, а не файл",
    "{file} is a symbolic link; only a file the duty officer wrote itself is read here":
        "{file} — символическая ссылка; здесь читается только файл, который «Дежурный» записал "
        "сам",
    "{file} cannot be read ({why})": "{file} не читается ({why})",
    "{file} is not a regular file": "{file} — не обычный файл",
    "{file} is {size} bytes; a file like this holds at most {limit}":
        "{file} занимает {size} байт; в таком файле бывает не больше {limit}",
    "{file} is more than {limit} bytes; a file like this holds at most {limit}":
        "{file} больше {limit} байт; в таком файле бывает не больше {limit}",
    # --- chapter 5: the state file (duty.handover) ---
    "{file}: format must be {format}; this is not a state file the duty officer wrote (delete it "
    "to start afresh)":
        "{file}: format должен быть {format}; это не файл состояния, который записал «Дежурный» "
        "(удали его, чтобы начать заново)",
    "{file}: unknown field {field}; a state file has format, stop, answer, chosen and question":
        "{file}: неизвестное поле {field}; в файле состояния есть format, stop, answer, chosen и "
        "question",
    "{file}: stop must be one of {terminals} or null, got {value}":
        "{file}: stop должен быть одним из {terminals} или null, а получено {value}",
    "{file}: answer must be a string or null, got {value}":
        "{file}: answer должен быть строкой или null, а получено {value}",
    "{file}: chosen must be a card id or null, got {value}":
        "{file}: chosen должен быть id карточки или null, а получено {value}",
    "{file}: question must be an object with kind, text, query and candidates, or null":
        "{file}: question должен быть объектом с kind, text, query и candidates или null",
    "{file}: question.kind must be one of {kinds}, got {value}":
        "{file}: question.kind должен быть одним из {kinds}, а получено {value}",
    "{file}: question.{name} must be a non-empty string":
        "{file}: значение question.{name} должно быть непустой строкой",
    "{file}: question.candidates must be a list of card ids":
        "{file}: question.candidates должен быть списком id карточек",
    # --- chapter 5: a run's folder (duty.runs, duty.shift) ---
    "cannot write {file}: {why}": "не удаётся записать {file}: {why}",
    "cannot create the run folder {folder}: {why}":
        "не удаётся создать папку запуска {folder}: {why}",
    "cannot create a run folder in {folder}: {count} numbers in a row are taken":
        "не удаётся создать папку запуска в {folder}: {count} номеров подряд уже заняты",
    "cannot read the run folders in {folder}: {why}":
        "не удаётся прочитать папки запусков в {folder}: {why}",
    "{file} must be a plain file naming the last run (such as 0002); delete it to start afresh":
        "{file} должен быть обычным файлом с именем последнего запуска (например 0002); удали "
        "его, чтобы начать заново",
    "cannot read {file}: {why}": "не удаётся прочитать {file}: {why}",
    "{file} must name a run folder such as 0002, got {value}; delete it to start afresh":
        "{file} должен называть папку запуска, например 0002, а получено {value}; удали его, "
        "чтобы начать заново",
    "cannot open the workspace {folder}: {why}": "не удаётся открыть рабочую папку {folder}: {why}",
    "cannot open {folder}: {why}": "не удаётся открыть {folder}: {why}",
    "{folder} leads outside the workspace (to {target}); a run writes only inside its workspace "
    "folder":
        "{folder} ведёт за пределы рабочей папки (в {target}); запуск пишет только внутри своей "
        "рабочей папки",
    "cannot create {folder}: {why}": "не удаётся создать {folder}: {why}",
    "cannot create {folder}: a file is in the folder's place":
        "не удаётся создать {folder}: на месте папки лежит файл",
    "cannot write the trace {trace}: {why}": "не удаётся записать журнал {trace}: {why}",
    # --- chapter 5: a trace that cannot be read or does not replay (duty.trace) ---
    "{trace}, line {line}": "{trace}, строка {line}",
    "{trace}, line {line}: not JSON ({problem})": "{trace}, строка {line}: не JSON ({problem})",
    "{trace}, line {line}: nested too deeply to be read":
        "{trace}, строка {line}: вложена слишком глубоко, чтобы её прочитать",
    "{trace}, line {line}: kind must be one of {kinds}":
        "{trace}, строка {line}: kind должен быть одним из {kinds}",
    "{trace}, line {line}: holds text that is not valid Unicode":
        "{trace}, строка {line}: в ней текст, который не является корректным Юникодом",
    "{trace}: the first line must be the run line of a {format} trace":
        "{trace}: первой строкой должна быть строка запуска журнала {format}",
    "{trace}: the last line must be the stop line; the run did not finish writing its trace":
        "{trace}: последней строкой должна быть строка остановки; запуск не дописал свой журнал",
    "{trace}, line {line}: step {value} is out of order; expected step {step}":
        "{trace}, строка {line}: шаг {value} не на своём месте; ожидался шаг {step}",
    "{trace}, line {line}: a {kind} line comes only once":
        "{trace}, строка {line}: строка {kind} бывает только одна",
    "{file} must name a run folder such as 0002":
        "{file} должен называть папку запуска, например 0002",
    "cannot read the folder {folder}: {why}": "не удаётся прочитать папку {folder}: {why}",
    "{folder} holds no duty officer trace; pass a trace file, a run's folder (out/runs/0001) or "
    "the folder that holds runs/ and latest":
        "в {folder} нет журнала «Дежурного»; укажи файл журнала, папку запуска (out/runs/0001) "
        "или папку, где лежат runs/ и latest",
    "{folder} holds {count} traces; pass one of them: {traces}":
        "в {folder} журналов: {count}; укажи один из них: {traces}",
    "{trace} does not replay: {kind}: {problem}": "{trace} не воспроизводится: {kind}: {problem}",
    "{trace}: the harness events end in {state}, not DONE":
        "{trace}: события обвязки заканчиваются в {state}, а не в DONE",
    "{trace}: the run line needs facts (an object)":
        "{trace}: в строке запуска нужны facts (объект)",
    "{trace}: the run line's facts": "{trace}: строка запуска, facts",
    "{where} has no {name}": "{where}: нет {name}",
    "{where}.answer must be null or the person's answer, {low} to {high} characters, got {value}":
        "{where}.answer должен быть null или ответом человека от {low} до {high} символов, а "
        "получено {value}",
    "{where}.chosen must be null or a card id, got {value}":
        "{where}.chosen должен быть null или id карточки, а получено {value}",
    "{where}.tools_default must be true or false, got {value}":
        "{where}.tools_default должен быть true или false, а получено {value}",
    "{where}.model must be 'scenario' or 'KIND:NAME' such as 'live:MODEL_NAME', got {value}":
        "{where}.model должен быть 'scenario' или 'KIND:NAME', например 'live:MODEL_NAME', а "
        "получено {value}",
    "{where}.{name} must be one line of text, got {value}":
        "{where}.{name}: должна быть одна строка текста, а получено {value}",
    "{where}.{name} must be null or one line of text, got {value}":
        "{where}.{name}: должно быть null или одна строка текста, а получено {value}",
    "{where}: the step has no {name}": "{where}: у шага нет {name}",
    "{where}: the step has a field no run writes: {name}":
        "{where}: у шага есть поле, которое не пишет ни один запуск: {name}",
    "{where}: the step's {name} is not what a run writes, got {value}":
        "{where}: {name} шага — не то, что пишет запуск, а получено {value}",
    "{where}: a step that ran needs the proposal that ran, with its name and args":
        "{where}: у выполненного шага должно быть выполненное предложение, с его name и args",
    "{where}: the stop's terminal must be one of {terminals}, got {value}":
        "{where}: терминал остановки должен быть одним из {terminals}, а получено {value}",
    "{where}: the stop's failure must be null or a text, got {value}":
        "{where}: отказ остановки (failure) должен быть null или текстом, а получено {value}",
    "{where}: the stop has a field no run writes: {name}":
        "{where}: у остановки есть поле, которое не пишет ни один запуск: {name}",
    # --- chapter 5: the board's words — a card's problems, an unreadable card file, a board that
    # cannot be read (duty.board, shown through banner.board_words) ---
    "unknown field {key}; a card has {fields} and notes":
        "неизвестное поле {key}; у карточки есть {fields} и заметки",
    "field {key} is written twice": "поле {key} записано дважды",
    "id {id} is not an id: lowercase letters and digits in parts joined by '-', at most {length} "
    "characters":
        "id {id} — не id: строчные буквы и цифры, части через '-', не больше {length} символов",
    "the title has {count} characters; at most {limit}":
        "в заголовке {count} символов; можно не больше {limit}",
    "the id {id} does not match the file name {file} (expected {expected})":
        "id {id} не совпадает с именем файла {file} (ожидалось {expected})",
    "{count} files claim the id {id}: {files}": "на id {id} претендуют файлов: {count}: {files}",
    "status is done but it is blocked by {cards}, which is not done":
        "статус done, но карточку блокирует {cards}, а это не сделано",
    "{name} is not a file name": "{name} — не имя файла",
    "{name} is a path, not a file name inside the board":
        "{name} — путь, а не имя файла внутри доски",
    "its file name is not UTF-8 text": "имя файла — не текст в UTF-8",
    "cannot be opened ({why})": "не открывается ({why})",
    "a symbolic link that points outside the board":
        "символическая ссылка, которая ведёт за пределы доски",
    "a symbolic link into a subfolder; cards live directly in the board folder":
        "символическая ссылка во вложенную папку; карточки лежат прямо в папке доски",
    "not a regular file": "не обычный файл",
    "{size} bytes; a card may have at most {limit}":
        "{size} байт; в карточке может быть не больше {limit}",
    "more than {limit} bytes; a card may have at most {limit}":
        "больше {limit} байт; в карточке может быть не больше {limit}",
    "contains a NUL byte: binary data, not a card":
        "содержит байт NUL: двоичные данные, а не карточка",
    "no header block: a card starts with a line {fence}":
        "нет блока заголовка: карточка начинается со строки {fence}",
    "the header block is not closed by a second {fence} line":
        "блок заголовка не закрыт второй строкой {fence}",
    "header line {line} is not 'field: value': {text}":
        "строка заголовка {line} — не 'поле: значение': {text}",
    "no id in the header: every card names its id":
        "в заголовке нет id: каждая карточка называет свой id",
    "the board folder {board} was not found": "папка доски {board} не найдена",
    "the board folder {board} cannot be opened ({why})":
        "папка доски {board} не открывается ({why})",
    "{board} is not a folder; the board is a folder of card files":
        "{board} — не папка; доска — это папка с файлами карточек",
    "the board {board} has more than {limit} card files; split it into smaller boards":
        "на доске {board} больше {limit} файлов карточек; раздели её на доски поменьше",
    "the board folder {board} cannot be read ({why})": "папка доски {board} не читается ({why})",
    "Error: the board folder {board} cannot be opened ({why})":
        "Error: папка доски {board} не открывается ({why})",
    "Error: {board} is not a folder; the board is a folder of card files":
        "Error: {board} — не папка; доска — это папка с файлами карточек",
    "Error: the board {board} has more than {limit} card files; split it into smaller boards":
        "Error: на доске {board} больше {limit} файлов карточек; раздели её на доски поменьше",
    "Error: the board folder {board} cannot be read ({why})":
        "Error: папка доски {board} не читается ({why})",
    # --- the agentloop command's own error lines (commands.shared, commands.support) ---
    "{file} is not a duty officer's trace; --against-board and --board are for those (chapter 5)":
        "{file} — не журнал «Дежурного»; --against-board и --board — только для таких журналов "
        "(глава 5)",
    "the live model failed: {problem}": "живая модель не справилась: {problem}",
    # --- chapter 5: settings given in code (duty.officer's RunInput, duty.board_tools,
    # duty.example) ---
    "ask_when names {rule}; the rules are: {rules}":
        "ask_when называет {rule}; правила такие: {rules}",
    "allowlist names unknown tools {unknown}; the board tools are: {tools}":
        "список разрешённого называет неизвестные инструменты {unknown}; инструменты доски "
        "такие: {tools}",
    "route must be one of {routes}, got {route}":
        "route должен быть одним из {routes}, а получено {route}",
    # --- chapter 5: the duty officer's message to the person (agentloop.duty.handover),
    # sentence by sentence, and the phrases inside it (banner.handover_words) ---
    "The card {card} ({file}) cannot be confirmed: {problems}.":
        "Карточку {card} ({file}) нельзя подтвердить: {problems}.",
    "Fix the card and run me again, or tell me which card you mean.":
        "Исправь карточку и запусти меня снова или скажи, какую карточку ты имеешь в виду.",
    "The summary does not meet the contract: it lacks {missing}.":
        "Сводка не выполняет контракт: в ней нет {missing}.",
    "Add that to the card and run me again, or tell me which card you mean.":
        "Допиши это в карточку и запусти меня снова или скажи, какую карточку ты имеешь в виду.",
    "Is {cards} the card you mean?": "{cards} — та карточка, которую ты имеешь в виду?",
    "The card you chose, {card}, does not match {query} on the board any more.":
        "Выбранная тобой карточка {card} больше не подходит к запросу {query} на доске.",
    "Which task do you mean?": "Какую задачу ты имеешь в виду?",
    "Which one do you mean?": "Какую из них ты имеешь в виду?",
    "I searched the whole board and no card matches {query}.":
        "Я просмотрел всю доску: ни одна карточка не подходит к запросу {query}.",
    "No card I could read matches {query}, but {files} could not be read, so I cannot say "
    "that none does.":
        "Ни одна из прочитанных карточек не подходит к запросу {query}, но {files} прочитать "
        "не удалось, поэтому я не могу сказать, что подходящей карточки нет.",
    "I found {count} cards for {query} — {cards}.":
        "По запросу {query} нашлось карточек: {count} — {cards}.",
    "I found two cards with a similar id — {first} and {second}.":
        "Я нашёл две карточки с похожими id — {first} и {second}.",
    "I found {count} cards that match {query} — {cards}.":
        "К запросу {query} подходит карточек: {count} — {cards}.",
    "No answer was confirmed.": "Ни один ответ не подтверждён.",
    "Nothing was checked.": "Ничего не проверено.",
    "No answer was confirmed; {progress}.": "Ни один ответ не подтверждён; {progress}.",
    "A guard stopped step {step} before it ran — {reason}.":
        "Предохранитель остановил шаг {step} до того, как он выполнился, — {reason}.",
    "The board is longer than a run may read — {error}.":
        "Доска длиннее, чем запуску разрешено прочитать, — {error}.",
    "Step {step}'s {action} failed — {error}.": "{action} на шаге {step} не удался — {error}.",
    "A retry was allowed, but it would be step {next}, and max_steps is {max_steps}.":
        "Повтор был разрешён, но это был бы шаг {next}, а max_steps равен {max_steps}.",
    "Not all cards were checked — {progress}.": "Проверены не все карточки — {progress}.",
    "The search is complete, but no answer was confirmed.":
        "Поиск завершён, но ни один ответ не подтверждён.",
    "I ran out of allowed steps before the search ended: not all cards were checked — "
    "{progress}.":
        "Разрешённые шаги кончились раньше, чем поиск: проверены не все карточки — "
        "{progress}.",
    "I ran out of allowed steps before the summary was drafted: the search is complete, but "
    "no answer was confirmed.":
        "Разрешённые шаги кончились раньше, чем была составлена сводка: поиск завершён, но ни "
        "один ответ не подтверждён.",
    "The model failed: {detail}.": "Модель дала сбой: {detail}.",
    "The harness budget ran out ({pause}).": "Бюджет обвязки исчерпан ({pause}).",
    "I found {cards} for {query} and drafted the summary, but {files} could not be read, so it "
    "might match as well.":
        "По запросу {query} я нашёл {cards} и составил сводку, но {files} прочитать не удалось, "
        "а эта карточка тоже может подходить.",
    "I found {cards} for {query} and drafted the summary, but {files} could not be read, so "
    "one of them might match as well.":
        "По запросу {query} я нашёл {cards} и составил сводку, но {files} прочитать не удалось, "
        "а одна из них тоже может подходить.",
    "Answer with its id or words from its title, or fix {files} and run me again.":
        "Ответь её id или словами из её заголовка или исправь {files} и запусти меня снова.",
    "Answer with its id or words from its title, or fix them and run me again.":
        "Ответь её id или словами из её заголовка или исправь эти файлы и запусти меня снова.",
    "I could not read any of the {count} card file of the board ({files}), so nothing was "
    "searched for {query}.":
        "Я не смог прочитать ни одного файла карточек доски (всего {count}: {files}), поэтому "
        "по запросу {query} ничего не искалось.",
    "I could not read any of the {count} card files of the board ({files}), so nothing was "
    "searched for {query}.":
        "Я не смог прочитать ни одного файла карточек доски (всего {count}: {files}), поэтому "
        "по запросу {query} ничего не искалось.",
    "Fix {files} and run me again.": "Исправь {files} и запусти меня снова.",
    "Fix them and run me again.": "Исправь эти файлы и запусти меня снова.",
    "Fix {files} and run me again, or tell me which task you mean.":
        "Исправь {files} и запусти меня снова или скажи, какую задачу ты имеешь в виду.",
    "Fix them and run me again, or tell me which task you mean.":
        "Исправь эти файлы и запусти меня снова или скажи, какую задачу ты имеешь в виду.",
    "I found {card} for {query}, but {others} has a similar id.":
        "По запросу {query} я нашёл {card}, но у {others} похожий id.",
    "I found {card} for {query}, but {others} have a similar id.":
        "По запросу {query} я нашёл {card}, но у {others} похожие id.",
    "The proposed actions were refused — {error}.":
        "Предложенные действия были отклонены — {error}.",
    "The proposed actions were refused, even after a retry — {error}.":
        "Предложенные действия были отклонены, даже после повтора, — {error}.",
    "I could not read the task cards — {error}.":
        "Я не смог прочитать карточки задач — {error}.",
    "I could not read the task cards, even after a retry — {error}.":
        "Я не смог прочитать карточки задач даже после повтора — {error}.",
    "I could not carry out {action} — {error}.": "Я не смог выполнить {action} — {error}.",
    "I could not carry out {action}, even after a retry — {error}.":
        "Я не смог выполнить {action} даже после повтора — {error}.",
    '{card} "{title}" ({group}) — {status}, blocked by {blockers}':
        '{card} «{title}» ({group}) — {status}, заблокирована: {blockers}',
    '{card} "{title}" ({group}) — {status}, blocked by nothing':
        '{card} «{title}» ({group}) — {status}, ничем не заблокирована',
    "nothing was checked": "ничего не проверено",
    "{read} of {pages} page was read ({scanned} of {total} card file)":
        "прочитано страниц: {read} из {pages} (файлов карточек: {scanned} из {total})",
    "{read} of {pages} page was read ({scanned} of {total} card files)":
        "прочитано страниц: {read} из {pages} (файлов карточек: {scanned} из {total})",
    "{read} of {pages} pages was read ({scanned} of {total} card file)":
        "прочитано страниц: {read} из {pages} (файлов карточек: {scanned} из {total})",
    "{read} of {pages} pages was read ({scanned} of {total} card files)":
        "прочитано страниц: {read} из {pages} (файлов карточек: {scanned} из {total})",
    "{read} of {pages} pages were read ({scanned} of {total} card file)":
        "прочитано страниц: {read} из {pages} (файлов карточек: {scanned} из {total})",
    "{read} of {pages} pages were read ({scanned} of {total} card files)":
        "прочитано страниц: {read} из {pages} (файлов карточек: {scanned} из {total})",
    "{read} of {pages} page were read ({scanned} of {total} card file)":
        "прочитано страниц: {read} из {pages} (файлов карточек: {scanned} из {total})",
    "{read} of {pages} page were read ({scanned} of {total} card files)":
        "прочитано страниц: {read} из {pages} (файлов карточек: {scanned} из {total})",
    "same action twice": "то же действие дважды",
    "token budget passed ({total} > {budget})": "бюджет токенов превышен ({total} > {budget})",
    "{count} card files ({files})": "файлов карточек: {count} ({files})",
    "{items} and {last}": "{items} и {last}",
    # --- argparse's own sentences and the command's error line (agentloop.cli) ---
    'the following arguments are required: {names}':
        'не хватает обязательных аргументов: {names}',
    'unrecognized arguments: {arguments}':
        'неизвестные аргументы: {arguments}',
    'argument {name}: invalid choice: {value} (choose from {choices})':
        'аргумент {name}: недопустимое значение {value} (можно: {choices})',
    'argument {name}: expected one argument':
        'аргумент {name}: нужно одно значение',
    'argument {name}: not allowed with argument {other}':
        'аргумент {name}: нельзя вместе с аргументом {other}',
    'one of the arguments {names} is required':
        'нужен один из аргументов {names}',
    'ambiguous option: {option} could match {matches}':
        'неоднозначный параметр: {option} подходит к {matches}',
    'argument {name}: {problem}':
        'аргумент {name}: {problem}',
    'error: {problem}':
        'ошибка: {problem}',
    # chapter 1's environment (agentloop.environment)
    'unknown scenario {scenario}; known scenarios: {known}':
        'неизвестный сценарий {scenario}; известные сценарии: {known}',
}
