/*
 * agentloop-course: the course's own JupyterLab plugin, for a learner's Lab (./course lab)
 * and the zero-install site (tools/build_site.py). Hand-written, no build step: it is a
 * federated extension container (window._JUPYTERLAB["agentloop-course"], with init/get, as
 * JupyterLab loads every prebuilt extension) whose one plugin needs nothing but the app,
 * plus two of the page's shared modules (@lumino/widgets, @jupyterlab/notebook).
 *
 * What it does for a learner:
 * - opens the course on chapter 1 when nothing is open (a first visit; JupyterLab's own
 *   layout reopens where the learner left off), instead of a bare Launcher;
 * - a "Start here" button above every notebook opens the start page (00_start_here.md)
 *   as a rendered page;
 * - the progress page (00_progress.ipynb) fills itself in: its cells run when it is opened
 *   and each time it comes to the front again;
 * - a notebook whose tab is only restored (not on screen) starts no kernel until it is
 *   shown: one kernel per notebook the learner opens;
 * - while a notebook's kernel starts, a line above it says so, with the seconds so far
 *   (in the site Python itself starts in the browser, which takes a while the first time);
 * - a notebook read from disk keeps no widget views: a widget lives in the kernel that
 *   made it, so after a restart each widget output shows its text (and the check buttons
 *   say to run the cell) instead of "Error displaying widget: model not found";
 * - where the course is there in other languages (the site: English at the top, each
 *   translation in a folder ru/, bg/, fa/), a Language menu in the top bar opens the file
 *   in front (else chapter 1) in another language; the language of the chapter last on screen is
 *   remembered in the browser (localStorage), and the course opens in it next time
 *   (`?lang=ru` in the address chooses too). The Start here button opens the start page of
 *   the notebook's language.
 */
(function () {
  "use strict";
  var NAME = "agentloop-course";
  var FIRST = "01_agent_loop.ipynb";
  var START = "00_start_here.md";
  var PROGRESS = "00_progress.ipynb";
  var WIDGET_VIEW = "application/vnd.jupyter.widget-view+json";
  // the course's languages (agentloop.i18n.LANGUAGES), each named in itself; English is
  // at the top of the course, a translation in a folder named by its code
  var LANGUAGES = [["en", "English"], ["ru", "Русский"], ["bg", "Български"],
                   ["fa", "فارسی"]];
  var CHOICE = "agentloop-course:language";  // localStorage: the language last read
  // the button's word in each language (the catalogs' "Start here", lib/agentloop/i18n)
  var START_WORDS = { ru: "С чего начать", bg: "Откъде да започнеш", fa: "از اینجا شروع کنید" };
  var shared = null;

  function newest(versions) {
    var keys = Object.keys(versions);
    keys.sort(function (a, b) {
      var x = a.split(".").map(Number), y = b.split(".").map(Number);
      for (var i = 0; i < Math.max(x.length, y.length); i++) {
        if ((x[i] || 0) !== (y[i] || 0)) return (x[i] || 0) - (y[i] || 0);
      }
      return 0;
    });
    return keys[keys.length - 1];
  }

  /** One of the page's shared modules (the copy JupyterLab itself uses), or null. */
  function shared_module(name) {
    var versions = shared && shared[name];
    if (!versions || !Object.keys(versions).length) return Promise.resolve(null);
    return Promise.resolve(versions[newest(versions)].get()).then(function (factory) {
      return factory();
    }).catch(function () { return null; });
  }

  function basename(path) {
    return (path || "").split("/").pop();
  }

  function known(code) {
    return LANGUAGES.some(function (l) { return l[0] === code; });
  }

  /** The language a file of the course is in: its folder's, else English. */
  function language_of(path) {
    var parts = (path || "").split("/");
    return parts.length > 1 && known(parts[0]) ? parts[0] : "en";
  }

  /** Where the course keeps `name` in `code`. */
  function in_language(code, name) {
    return code === "en" ? name : code + "/" + name;
  }

  /** The language the learner chose: ?lang= in the address (then remembered), else the
   * one remembered, else English. */
  function chosen() {
    var asked = new URLSearchParams(window.location.search).get("lang");
    if (asked && known(asked)) remember(asked);
    try {
      var kept = window.localStorage.getItem(CHOICE);
      return kept && known(kept) ? kept : "en";
    } catch (error) {  // storage refused (a private window): English
      return "en";
    }
  }

  function remember(code) {
    try { window.localStorage.setItem(CHOICE, code); } catch (error) { /* not kept */ }
  }

  /** The main area's widget in front: JupyterLab's current widget when it is on screen,
   * else the tab its tab bar shows. The current widget follows the window's focus: it is
   * unset in a window that never had it (a browser in the background, a headless one). */
  function front(app) {
    var current = app.shell.currentWidget;
    if (current && current.isVisible) return current;
    var shown = Array.from(app.shell.widgets("main")).filter(function (w) {
      return w.isVisible;
    });
    return shown.length ? shown[0] : null;
  }

  /** Calls `act(widget)` each time another widget comes to the front of the main area
   * (a tab switch moves the main area's layout, focus or not). */
  function on_front(app, act) {
    var last = null;
    function look() {
      var widget = front(app);
      if (widget === last) return;
      last = widget;
      if (widget) act(widget);
    }
    app.shell.currentChanged.connect(look);
    app.shell.layoutModified.connect(look);
    return look;
  }

  /** The file the page's address names (?path=… in the site, /lab/tree/… in Lab), or null. */
  function named_in_address() {
    var asked = new URLSearchParams(window.location.search).get("path");
    if (asked) return asked.replace(/^\/+/, "");
    var tree = /\/tree\/(.+)$/.exec(window.location.pathname);
    return tree ? decodeURIComponent(tree[1]) : null;
  }

  /** The languages the course is here in (English, and each translation's folder). */
  function languages_here(app) {
    return app.serviceManager.contents.get("", { content: true }).then(function (listing) {
      var folders = (listing.content || []).filter(function (item) {
        return item.type === "directory";
      }).map(function (item) { return item.name; });
      return LANGUAGES.filter(function (l) {
        return l[0] === "en" || folders.indexOf(l[0]) >= 0;
      });
    }).catch(function () { return [LANGUAGES[0]]; });
  }

  /** The Language menu in the top bar: the file in front (else chapter 1) in another
   * language; it shows the language of the course file in front. */
  function language_menu(Widget, app, languages) {
    var select = document.createElement("select");
    select.className = "jp-mod-styled agentloop-language";
    select.title = "Language · Язык · Език · زبان";
    select.setAttribute("aria-label", "Language");
    select.style.cssText = "margin:4px 8px;font-size:var(--jp-ui-font-size1);" +
      "flex:0 0 auto;width:auto;";  // the top bar would stretch it
    languages.forEach(function (l) {
      var option = document.createElement("option");
      option.value = l[0];
      option.textContent = l[1];
      select.appendChild(option);
    });
    function course_file(widget) {
      var path = widget && widget.context && widget.context.path;
      return /\.(ipynb|md)$/.test(path || "") ? path : null;
    }
    function follow() {
      var path = course_file(front(app));
      select.value = path ? language_of(path) : chosen();
    }
    select.addEventListener("change", function () {
      var code = select.value, path = course_file(front(app));
      var target = in_language(code, path ? basename(path) : FIRST);
      remember(code);
      // The page is loaded anew on the chosen file: in the site a second Pyodide kernel in
      // one page stays "Initializing" once the first runs. Every open document is saved
      // first; the tab left behind comes back with the page, without a kernel until it is
      // in front again.
      exists(app, target).then(function (found) {
        var open = found ? target : in_language(code, FIRST);
        return app.commands.execute("docmanager:save-all").catch(function () {
          return null;  // nothing to save, or a read-only file: the page is reloaded anyway
        }).then(function () {
          var url = new URL(window.location.href);
          url.search = "?path=" + encodeURIComponent(open) + "&lang=" + code;
          window.location.assign(url.toString());
        });
      });
    });
    app.shell.currentChanged.connect(follow);
    app.shell.layoutModified.connect(follow);
    follow();
    var menu = new Widget({ node: select });
    menu.id = "agentloop-language";  // the shell takes only widgets with an id
    app.shell.add(menu, "top", { rank: 900 });
  }

  /** A notebook read from disk: its outputs without widget views (see the top). */
  function without_widget_views(model) {
    if (!model || model.type !== "notebook" || !model.content || !model.content.cells) {
      return model;
    }
    model.content.cells.forEach(function (cell) {
      (cell.outputs || []).forEach(function (output) {
        if (output.data && output.data[WIDGET_VIEW]) {
          delete output.data[WIDGET_VIEW];
          if (!output.data["text/plain"]) {
            output.data["text/plain"] = "(a widget: run the cell to see it)";
          }
        }
      });
    });
    return model;
  }

  function patch_contents(app) {
    var contents = app.serviceManager.contents;
    var get = contents.get.bind(contents);
    contents.get = function (path, options) {
      return get(path, options).then(without_widget_views);
    };
  }

  function exists(app, path) {
    var contents = app.serviceManager.contents;
    var dir = path.indexOf("/") < 0 ? "" : path.slice(0, path.lastIndexOf("/"));
    return contents.get(dir, { content: true }).then(function (listing) {
      return (listing.content || []).some(function (item) { return item.path === path; });
    }).catch(function () { return false; });
  }

  function when_idle(session) {
    return new Promise(function (resolve) {
      function look() {
        var kernel = session.session && session.session.kernel;
        if (kernel && session.kernelDisplayStatus === "idle") {
          session.statusChanged.disconnect(look);
          resolve();
        }
      }
      session.statusChanged.connect(look);
      look();
    });
  }

  /** The height `node`'s text takes at its present width, measured on a hidden copy
   * (the node itself has the height its layout gave it). */
  function natural_height(node) {
    var copy = node.cloneNode(true);
    copy.style.cssText = node.style.cssText;
    copy.style.position = "absolute";
    copy.style.visibility = "hidden";
    copy.style.height = "auto";
    copy.style.minHeight = "0";
    copy.style.contain = "none";  // the layout's "strict" would size it without its text
    copy.style.width = node.getBoundingClientRect().width + "px";
    document.body.appendChild(copy);
    var height = Math.ceil(copy.getBoundingClientRect().height);
    copy.remove();
    return height;
  }

  /** The line above a notebook while its kernel starts (after a second: a quick start
   * shows nothing). */
  function kernel_line(Widget, panel, in_browser) {
    if (!panel.contentHeader) return;
    var node = document.createElement("div");
    node.className = "agentloop-kernel-start";
    node.setAttribute("role", "status");
    node.style.cssText = "box-sizing:border-box;padding:4px 12px;" +
      "background:var(--jp-info-color3,#e1f5fe);" +
      "color:var(--jp-ui-font-color1);font-size:var(--jp-ui-font-size1);";
    var line = new Widget({ node: node });
    var started = null, timer = null;
    var session = panel.sessionContext;

    function say() {
      var seconds = Math.round((Date.now() - started) / 1000);
      node.textContent = in_browser
        ? "Starting Python in your browser… " + seconds + " s. The first visit downloads " +
          "it, which can take a minute; later visits start faster. You can read and edit " +
          "meanwhile: a cell you run waits until Python is ready."
        : "Starting the notebook's kernel… " + seconds + " s.";
      node.dataset.seconds = String(seconds);
      // the header lays its widgets out at the height they ask for (their min-height):
      // ask for the height the text takes at this width, or it shows as a thin strip
      var wanted = natural_height(node) + "px";
      if (node.style.minHeight !== wanted) {
        node.style.minHeight = wanted;
        panel.contentHeader.fit();
      }
    }
    function starting() {
      var kernel = session.session && session.session.kernel;
      if (kernel) {
        // the site's Pyodide kernel is "connecting" while Python itself loads
        return ["starting", "restarting", "unknown", "initializing", "connecting",
                "autorestarting"].indexOf(session.kernelDisplayStatus) >= 0;
      }
      return !session.isReady && session.kernelPreference.shouldStart !== false;
    }
    function update() {
      if (panel.isDisposed) return;
      if (starting()) {
        if (started === null) {
          started = Date.now();
          timer = setInterval(function () {
            if (!line.isAttached && Date.now() - started >= 1000) {
              panel.contentHeader.addWidget(line);
            }
            if (line.isAttached) say();
          }, 250);
        }
      } else if (started !== null) {
        clearInterval(timer);
        timer = null;
        started = null;
        if (line.isAttached) line.parent = null;
      }
    }
    session.statusChanged.connect(update);
    session.kernelChanged.connect(update);
    update();
    panel.disposed.connect(function () { clearInterval(timer); });
  }

  /** The language a notebook is written in: its own metadata (agentloop.language: a
   * `./course lab --lang ru` workspace keeps the Russian chapters at its top), else its
   * folder's. */
  function language_of_notebook(panel) {
    var model = panel.context && panel.context.model;
    var meta = model && model.getMetadata ? model.getMetadata("agentloop") : null;
    var code = meta && meta.language;
    return known(code) ? code : language_of(panel.context.path);
  }

  /** "Start here" above a notebook, in its language: opens the start page beside it (the
   * start page of each language sits in the same folder as its chapters). */
  function start_button(Widget, app, panel, start_page) {
    var button = document.createElement("button");
    button.className = "jp-ToolbarButtonComponent jp-mod-minimal jp-Button agentloop-start";
    button.title = "The start page: the chapters, your progress, how checks and solutions work";
    function label() {
      button.textContent = START_WORDS[language_of_notebook(panel)] || "Start here";
    }
    label();
    panel.context.ready.then(label);
    button.style.cssText = "padding:0 8px;font-size:var(--jp-ui-font-size1);";
    button.addEventListener("click", function () {
      var path = panel.context.path, folder = path.lastIndexOf("/");
      var beside = folder < 0 ? start_page : path.slice(0, folder + 1) + start_page;
      app.commands.execute("docmanager:open", { path: beside, factory: "Markdown Preview" });
    });
    panel.toolbar.insertItem(0, "agentloop-start", new Widget({ node: button }));
  }

  /** The progress page runs its cells whenever it is opened or comes to the front. */
  function fill_progress(notebook_module, app, panel) {
    var running = false;
    function fill() {
      if (running || panel.isDisposed) return;
      running = true;
      when_idle(panel.sessionContext).then(function () {
        if (notebook_module && notebook_module.NotebookActions) {
          return notebook_module.NotebookActions.runAll(panel.content, panel.sessionContext);
        }
        if (front(app) === panel) {
          return app.commands.execute("notebook:run-all-cells");
        }
      }).then(function () {
        if (panel.context && panel.context.model) panel.context.model.dirty = false;
      }).catch(function () {}).then(function () { running = false; });
    }
    panel.context.ready.then(fill);
    on_front(app, function (widget) {
      if (widget === panel && panel.context.isReady) fill();
    });
  }

  var plugin = {
    id: "agentloop-course:plugin",
    description: "The course for a learner: chapter 1 first, the start page, a progress " +
      "page that fills itself in, one kernel per notebook on screen, a line while a kernel " +
      "starts, no dead widget views.",
    autoStart: true,
    activate: function (app) {
      var in_browser = /lite/i.test(app.name || "") ||
        !!document.querySelector("[data-jupyter-lite-root]");
      var restoring = true;
      // A page opened on a named file (the Language menu reloads on one): the layout first
      // brings back the tabs it had, briefly in front, then the named file opens; only the
      // named file gets a kernel (a second Pyodide kernel in one page stays Initializing).
      var named = named_in_address();
      var awaiting_named = /\.ipynb$/.test(named || "");
      var deferred = [];
      patch_contents(app);
      var ready = Promise.all([shared_module("@lumino/widgets"),
                               shared_module("@jupyterlab/notebook"),
                               exists(app, START), languages_here(app)]);
      ready.then(function (found) {
        if (found[0] && found[3].length > 1) language_menu(found[0].Widget, app, found[3]);
      });

      function start_kernel(panel) {
        var i = deferred.indexOf(panel);
        if (i < 0) return;
        deferred.splice(i, 1);
        var session = panel.sessionContext;
        session.kernelPreference = Object.assign({}, session.kernelPreference,
          { shouldStart: true, autoStartDefault: panel.agentloop_autostart });
        real_ready(session).then(function () {  // a kernel still running (a reload) is kept
          if (session.isDisposed || (session.session && session.session.kernel)) return;
          // the notebook's kernel if this server has it (its name is known only once the
          // notebook is read), else the server's default (the site's Pyodide)
          var specs = app.serviceManager.kernelspecs.specs;
          var wanted = session.kernelPreference.name;
          var name = specs && specs.kernelspecs[wanted] ? wanted : specs && specs.default;
          return name ? session.changeKernel({ name: name }) : session.startKernel();
        }).catch(function (error) {
          console.warn("agentloop-course: no kernel started", error);
        }).then(function () {
          delete session.ready;  // the session context's own promise again
          panel.agentloop_started();
        });
      }

      /** The session context's own `ready` (a deferred tab's is replaced, see below). */
      function real_ready(session) {
        for (var o = Object.getPrototypeOf(session); o; o = Object.getPrototypeOf(o)) {
          var own = Object.getOwnPropertyDescriptor(o, "ready");
          if (own && own.get) return own.get.call(session);
        }
        return Promise.resolve();
      }

      app.docRegistry.addWidgetExtension("Notebook", {
        createNew: function (panel, context) {
          if (restoring && context.path !== named) {
            // a tab the layout reopens: its kernel waits until it is shown
            var session = context.sessionContext;
            panel.agentloop_autostart = session.kernelPreference.autoStartDefault;
            session.kernelPreference = Object.assign({}, session.kernelPreference,
              { shouldStart: false, autoStartDefault: false });
            // whoever waits for the session to be ready (the widgets' manager reads its
            // kernel's id then) waits until the tab is shown and its kernel started
            var started = new Promise(function (resolve) { panel.agentloop_started = resolve; });
            Object.defineProperty(session, "ready", { configurable: true,
                                                      get: function () { return started; } });
            deferred.push(panel);
          }
          ready.then(function (found) {
            var Widget = found[0] && found[0].Widget;
            if (!Widget || panel.isDisposed) return;
            kernel_line(Widget, panel, in_browser);
            if (found[2]) start_button(Widget, app, panel, START);
            if (basename(context.path) === PROGRESS) fill_progress(found[1], app, panel);
          });
        }
      });

      on_front(app, function (widget) {
        // while the layout is restored each tab it reopens is briefly in front: the one
        // still in front once it is done gets its kernel (app.restored, below)
        var path = widget.context && widget.context.path;
        if (path === named) awaiting_named = false;
        if (!restoring && !awaiting_named) start_kernel(widget);
        if (/\.ipynb$/.test(path || "") && basename(path) !== PROGRESS) {
          remember(language_of(path));  // the language of the chapter last on screen
        }
      });

      app.restored.then(function () {
        restoring = false;
        var current = front(app);
        if (current && !awaiting_named) start_kernel(current);
        if (awaiting_named) {
          exists(app, named).then(function (found) {
            if (found) return;
            awaiting_named = false;  // nothing to wait for: the tab in front gets its kernel
            var shown = front(app);
            if (shown) start_kernel(shown);
          });
        }
        // chapter 1 once the app has started (JupyterLite's kernels need its service
        // worker, which is ready only then), as its own ?path= opener waits too
        return app.started;
      }).then(function () {
        var open = Array.from(app.shell.widgets("main"));
        if (!named && open.every(function (w) { return w.hasClass("jp-Launcher"); })) {
          var first = in_language(chosen(), FIRST);
          exists(app, first).then(function (found) {
            return found ? first : exists(app, FIRST).then(function (english) {
              return english ? FIRST : null;
            });
          }).then(function (path) {
            if (!path) return;
            app.commands.execute("docmanager:open", { path: path }).then(function () {
              open.forEach(function (w) { w.close(); });
            });
          });
        }
      });
    }
  };

  window._JUPYTERLAB = window._JUPYTERLAB || {};
  window._JUPYTERLAB[NAME] = {
    init: function (scope) { shared = scope; },
    get: function () {
      return Promise.resolve(function () { return { __esModule: true, default: [plugin] }; });
    }
  };
})();
