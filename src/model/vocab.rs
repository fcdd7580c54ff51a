//! The closed SSL vocabularies (paper Table 5; `docs/ssl.md`).
//!
//! These are the only values a strict record may carry in `scene_type`,
//! `act_type` and `resource_scope`, plus the four reserved transition targets.

use serde::{Deserialize, Serialize};

macro_rules! closed_enum {
    ($(#[$m:meta])* $name:ident { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum $name {
            $(#[serde(rename = $text)] $variant),+
        }

        impl $name {
            /// Every value, in vocabulary order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The wire spelling.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            /// Parses the exact wire spelling (case-sensitive, as the schema is).
            pub fn parse(s: &str) -> Option<Self> {
                match s { $($text => Some($name::$variant),)+ _ => None }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

closed_enum!(
    /// `scene_type`: the 7 structural scene kinds.
    SceneType {
        Prepare => "PREPARE",
        Acquire => "ACQUIRE",
        Reason => "REASON",
        Act => "ACT",
        Verify => "VERIFY",
        Recover => "RECOVER",
        Finalize => "FINALIZE",
    }
);

closed_enum!(
    /// `act_type`: the 12 logic-step action kinds.
    ActType {
        Read => "READ",
        Select => "SELECT",
        Compare => "COMPARE",
        Validate => "VALIDATE",
        Infer => "INFER",
        Write => "WRITE",
        UpdateState => "UPDATE_STATE",
        CallTool => "CALL_TOOL",
        Request => "REQUEST",
        Transfer => "TRANSFER",
        Notify => "NOTIFY",
        Terminate => "TERMINATE",
    }
);

closed_enum!(
    /// `resource_scope`: the 8 resource boundaries a step touches.
    ResourceScope {
        Memory => "MEMORY",
        LocalFs => "LOCAL_FS",
        Codebase => "CODEBASE",
        Process => "PROCESS",
        UserData => "USER_DATA",
        Credentials => "CREDENTIALS",
        Network => "NETWORK",
        Other => "OTHER",
    }
);

/// Scene-graph terminals, allowed only in `next_scene_rules`.
pub const SCENE_TERMINALS: &[&str] = &["END_SUCCESS", "END_FAIL"];
/// Step-graph terminals, allowed only in `next_step_rules`.
pub const STEP_TERMINALS: &[&str] = &["YIELD_SUCCESS", "YIELD_FAIL"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vocabularies_have_paper_sizes() {
        assert_eq!(SceneType::ALL.len(), 7);
        assert_eq!(ActType::ALL.len(), 12);
        assert_eq!(ResourceScope::ALL.len(), 8);
    }

    #[test]
    fn round_trip_and_case_sensitive() {
        for a in ActType::ALL {
            assert_eq!(ActType::parse(a.as_str()), Some(*a));
        }
        assert_eq!(ActType::parse("read"), None);
        assert_eq!(
            ResourceScope::parse("CREDENTIALS"),
            Some(ResourceScope::Credentials)
        );
    }
}
