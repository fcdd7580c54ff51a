# >>> pwsh-git-aliases >>>
function gs  { git status -sb @args }
function gco { git checkout @args }
function gl  { git log --oneline --graph --decorate -n 20 @args }
function gp  { git pull --ff-only @args }
# <<< pwsh-git-aliases <<<
