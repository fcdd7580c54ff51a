PROMPT='%K{blue}%F{white} %n %k%K{black} %~ %k%f '
