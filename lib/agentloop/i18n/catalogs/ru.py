"""Русский каталог: слова библиотеки (проверки главы 1, виджет, демо в терминале).

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
}
