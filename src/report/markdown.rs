//! Markdown report (being built).

use super::ReportInput;

pub fn render(input: &ReportInput) -> String {
    super::human::render(&ReportInput {
        skills: input.skills,
        with_ssl: false,
        color: false,
    })
}
