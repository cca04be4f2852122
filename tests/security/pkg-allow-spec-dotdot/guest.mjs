console.log("RAN");
