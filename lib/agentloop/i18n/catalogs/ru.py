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
    "`{name}` is not defined yet: run your answer cell for `{name}` first":
        "`{name}` ещё не определено: сначала выполни ячейку с ответом, где задаётся `{name}`",
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
}
