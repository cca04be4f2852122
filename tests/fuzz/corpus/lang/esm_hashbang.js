	#!/usr/bin/env node
import fs from "fs";
export default fs;
