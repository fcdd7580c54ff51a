# minimal prompt theme
if [ -n "$ZSH_VERSION" ]; then
  PROMPT='%~ %(?.%F{green}.%F{red})❯%f '
else
  PS1='\w $( [ $? -eq 0 ] && printf "\[\e[32m\]" || printf "\[\e[31m\]")❯\[\e[0m\] '
fi
