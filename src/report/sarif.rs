//! SARIF report (being built).

use super::ReportInput;

pub fn render(_input: &ReportInput, _category: Option<&str>) -> String {
    String::new()
}
