"""Both course Labs (./course lab, ./course lab --solutions): no news, no update checks, no
search for language servers (it runs npm, which writes ~/.npm), and no JupyterLite kernel
extension (it is installed for the zero-install site only; in a real JupyterLab it fails
with "Shared module @jupyterlite/services doesn't exist")."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from lab_extensions import only_some

c = get_config()  # noqa: F821  (provided by traitlets)
c.LabApp.news_url = None
c.LabApp.check_for_updates_class = "jupyterlab.NeverCheckForUpdate"
c.LanguageServerManager.autodetect = False
c.LabApp.labextensions_path = only_some("instructor", {"@jupyterlite/pyodide-kernel-extension"})
