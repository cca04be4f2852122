ln -s .. "$W/up"
