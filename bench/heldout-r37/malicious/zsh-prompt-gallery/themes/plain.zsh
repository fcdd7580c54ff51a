# plain.zsh - directory and exit code only
PROMPT='%~ %(?.%F{green}.%F{red})%#%f '
