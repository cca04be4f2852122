// Exponential time, same cause as arrow_param_default_nesting_hang.js:
// "(" after "=>" is tried as arrow parameters, "a = () => (" nests it.
a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(a=()=>(1))))))))))))))))))))))));
