# a real shared object named .node (any system library will do), and an ELF-looking fake
for f in /lib/x86_64-linux-gnu/libm.so.6 /lib/aarch64-linux-gnu/libm.so.6 /usr/lib/libm.so.6 /lib64/libm.so.6; do
  [ -f "$f" ] && { cp "$f" "$W/real.node"; break; }
done
[ -f "$W/real.node" ] || printf '\177ELF\002\001\001\000' > "$W/real.node"
printf '\177ELF\002\001\001\000not-really-an-addon' > "$W/fake.node"
mkdir -p "$W/node_modules/native-pkg/build/Release"
cp "$W/real.node" "$W/node_modules/native-pkg/build/Release/binding.node"
echo '{"name":"native-pkg","main":"index.js"}' > "$W/node_modules/native-pkg/package.json"
echo 'module.exports = require("./build/Release/binding.node");' > "$W/node_modules/native-pkg/index.js"
