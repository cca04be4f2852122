# as agent, the owner's own mode bits hold against the owner (only root
# passes them): a 000 file is unreadable, a 500 dir takes no new entry,
# a 300 dir cannot be listed but its known names open
cd /tmp; echo s > f; chmod 000 f; cat f 2>/dev/null && echo READ-000; echo x >> f 2>/dev/null && echo WROTE-000
chmod 200 f; cat f 2>/dev/null && echo READ-200; echo ok >> f && echo write-200-ok
mkdir d; echo k > d/known; chmod 500 d; touch d/new 2>/dev/null && echo CREATED-500; rm d/known 2>/dev/null && echo REMOVED-500
chmod 300 d; ls d >/dev/null 2>&1 && echo LISTED-300; chmod 700 d; chmod 300 d; cat d/known && echo known-opens
printf '#!/bin/sh\necho ran\n' > s; chmod 600 s; ./s 2>/dev/null && echo RAN-600; chmod 700 s; ./s; echo done
