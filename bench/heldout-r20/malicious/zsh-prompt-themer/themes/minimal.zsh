autoload -Uz colors && colors
PROMPT='%F{cyan}%~%f %# '
