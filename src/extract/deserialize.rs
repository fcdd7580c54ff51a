//! Round 27: deserialisation that runs code. Loading a pickle (and the
//! formats built on it), a marshal dump, an unsafe YAML document or a
//! serialised object graph runs whatever the data says: on data a server
//! returned, or a file just downloaded, it is download-and-execute
//! (`download_run::link` joins the fetch, the file and the load); on a
//! local file the user passes it stays the medium `DynamicCode` it was.
//! One table of the loading calls per language, each with the arguments
//! that make it safe or unsafe, read on the call's argument text with
//! spaces removed (`Loader=yaml.SafeLoader`, `weights_only=True`,
//! `allow_pickle=True`). A leaf table: it imports nothing.

/// When a loading call runs code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guard {
    /// Always.
    Always,
    /// Unless its arguments hold one of these.
    SafeWith(&'static [&'static str]),
    /// Only when its arguments hold one of these.
    UnsafeWith(&'static [&'static str]),
}

/// `(call name as the front-end resolves it, guard)`.
pub type Row = (&'static str, Guard);

const YAML_SAFE: Guard = Guard::SafeWith(&["SafeLoader", "BaseLoader", "FullLoader"]);
const TORCH_SAFE: Guard = Guard::SafeWith(&["weights_only=True"]);
const NUMPY_UNSAFE: Guard = Guard::UnsafeWith(&["allow_pickle=True"]);

/// Python: pickle and its kin (`cPickle`, `_pickle`, `dill`,
/// `cloudpickle`, `joblib`, `shelve`, `jsonpickle`, pandas'
/// `read_pickle`, `torch.load` without `weights_only=True`, `numpy.load`
/// with `allow_pickle=True`), `marshal`, and `yaml.load` without a safe
/// loader.
pub const PYTHON: &[Row] = &[
    ("pickle.load", Guard::Always),
    ("pickle.loads", Guard::Always),
    ("pickle.Unpickler", Guard::Always),
    ("cPickle.load", Guard::Always),
    ("cPickle.loads", Guard::Always),
    ("_pickle.load", Guard::Always),
    ("_pickle.loads", Guard::Always),
    ("dill.load", Guard::Always),
    ("dill.loads", Guard::Always),
    ("cloudpickle.load", Guard::Always),
    ("cloudpickle.loads", Guard::Always),
    ("joblib.load", Guard::Always),
    ("shelve.open", Guard::Always),
    ("jsonpickle.decode", Guard::Always),
    ("jsonpickle.loads", Guard::Always),
    ("pandas.read_pickle", Guard::Always),
    ("pd.read_pickle", Guard::Always),
    ("marshal.load", Guard::Always),
    ("marshal.loads", Guard::Always),
    ("torch.load", TORCH_SAFE),
    ("numpy.load", NUMPY_UNSAFE),
    ("np.load", NUMPY_UNSAFE),
    ("yaml.load", YAML_SAFE),
    ("yaml.load_all", YAML_SAFE),
    ("yaml.unsafe_load", Guard::Always),
    ("yaml.unsafe_load_all", Guard::Always),
];

/// Whether the Python call `name`, with argument text `args`, loads data
/// in a way that runs code.
pub fn python_runs(name: &str, args: &str) -> bool {
    let Some((_, guard)) = PYTHON.iter().find(|(n, _)| *n == name) else {
        return false;
    };
    let squeezed: String = args.chars().filter(|c| !c.is_whitespace()).collect();
    match guard {
        Guard::Always => true,
        Guard::SafeWith(ws) => !ws.iter().any(|w| squeezed.contains(w)),
        Guard::UnsafeWith(ws) => ws.iter().any(|w| squeezed.contains(w)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loaders_by_their_arguments() {
        assert!(python_runs("pickle.load", "(f)"));
        assert!(python_runs("torch.load", "(p)"));
        assert!(!python_runs("torch.load", "(p, weights_only = True)"));
        assert!(!python_runs("numpy.load", "(p)"));
        assert!(python_runs("numpy.load", "(p, allow_pickle=True)"));
        assert!(python_runs("yaml.load", "(f)"));
        assert!(!python_runs("yaml.load", "(f, Loader=yaml.SafeLoader)"));
        assert!(!python_runs("json.load", "(f)"));
    }
}
