enum E { ["D"] = 7, ['F'] = 8 }
