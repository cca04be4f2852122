import secret from "$O/secret.txt"; console.log(secret);
