# PSReadLine history search
Set-PSReadLineOption -PredictionSource History -PredictionViewStyle ListView
Set-PSReadLineKeyHandler -Key UpArrow -Function HistorySearchBackward

# Short git aliases
function gs { git status -sb }
function gl { git log --oneline -20 }

# Prompt with path and git branch
function prompt {
  $b = (git branch --show-current 2>$null)
  "PS $($PWD.Path)$(if ($b) { " [$b]" })> "
}
