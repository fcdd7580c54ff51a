//! Round 31 (covert31): APIs that load and run the code of a file named by
//! a path, per language, as data: the import machinery pointed at a path
//! (`sys.path.insert(0, p)` of a zip or folder, `zipimport.zipimporter(p)`,
//! `importlib.util.spec_from_file_location(name, p)`, `imp.load_source`,
//! `site.addsitedir`), and native libraries (`ctypes.CDLL(p)`). The
//! token-level languages' loaders (`dofile`, `load`, `include`, `do`) are
//! `token_code::LOADERS`; Emacs Lisp's are `lisp_load.rs`.
//!
//! A front-end that meets one of these reports a script run whose input
//! is the file only when the skill wrote that file itself (a path into the
//! skill's own folder is its code, not a second stage); a download into it
//! then makes the run a download-and-run (`download_run::link`).

/// `(language, API, index of the path argument)`.
pub const PATH_LOADERS: &[(&str, &str, usize)] = &[
    ("python", "sys.path.insert", 1),
    ("python", "sys.path.append", 0),
    ("python", "sys.path.extend", 0),
    ("python", "site.addsitedir", 0),
    ("python", "zipimport.zipimporter", 0),
    ("python", "importlib.util.spec_from_file_location", 1),
    ("python", "importlib.machinery.SourceFileLoader", 1),
    ("python", "importlib.machinery.SourcelessFileLoader", 1),
    ("python", "importlib.machinery.ExtensionFileLoader", 1),
    ("python", "imp.load_source", 1),
    ("python", "imp.load_compiled", 1),
    ("python", "imp.load_dynamic", 1),
    ("python", "imp.load_package", 1),
    ("python", "ctypes.CDLL", 0),
    ("python", "ctypes.cdll.LoadLibrary", 0),
    ("python", "ctypes.PyDLL", 0),
    ("python", "ctypes.WinDLL", 0),
    ("python", "ctypes.windll.LoadLibrary", 0),
];

/// The index of the path argument when `api` of `lang` loads a file's code.
pub fn path_arg(lang: &str, api: &str) -> Option<usize> {
    PATH_LOADERS
        .iter()
        .find(|(l, a, _)| *l == lang && *a == api)
        .map(|(_, _, i)| *i)
}
