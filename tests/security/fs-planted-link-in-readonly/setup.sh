ln -s "$O" "$R/escape"
